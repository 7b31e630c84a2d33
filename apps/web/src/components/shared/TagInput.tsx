import { Badge, CloseButton, Group, Input } from "@mantine/core";
import { useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { pressBackspace, pressEnter, type TagInputState } from "./tag-input.ts";

interface Props {
  value: string[];
  onChange: (tags: string[]) => void;
  label?: string;
  description?: string;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  /** At most this many tags: Enter adds no more. */
  maxTags?: number;
  /** At most this many characters a tag. */
  maxLength?: number;
  "data-testid"?: string;
}

/** Tags typed one by one (spec §5); the rules are in tag-input.ts. Every place where tags are typed uses it. */
export function TagInput({ value, onChange, label, description, placeholder, error, disabled, maxTags, maxLength, "data-testid": testId }: Props) {
  const { t } = useTranslation("components");
  const id = useId();
  const [input, setInput] = useState("");
  const [armed, setArmed] = useState(false);
  const apply = (next: TagInputState) => {
    if (next.tags !== value) onChange(next.tags);
    setInput(next.input);
    setArmed(next.armed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const state = { tags: value, input, armed };
    if (event.key === "Enter") {
      event.preventDefault();
      if (maxTags === undefined || value.length < maxTags) apply(pressEnter(state));
    } else if (event.key === "Backspace" && input === "") {
      event.preventDefault();
      apply(pressBackspace(state));
    } else if (armed) setArmed(false);
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} id={id}>
      <Group gap={6} p={6} style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-default)" }}>
        {value.map((tag, index) => {
          const highlighted = armed && index === value.length - 1;
          return (
            <Badge
              key={tag}
              variant={highlighted ? "filled" : "light"}
              color={highlighted ? "red" : undefined}
              data-armed={highlighted || undefined}
              tt="none"
              rightSection={
                disabled ? null : (
                  <CloseButton size="xs" aria-label={t("tagInput.remove", { tag })} onClick={() => onChange(value.filter((other) => other !== tag))} />
                )
              }
            >
              {tag}
            </Badge>
          );
        })}
        <Input
          id={id}
          variant="unstyled"
          value={input}
          placeholder={placeholder ?? t("tagInput.hint")}
          disabled={disabled}
          maxLength={maxLength}
          data-testid={testId}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setArmed(false);
          }}
          onKeyDown={onKeyDown}
          style={{ flex: 1, minWidth: 120 }}
        />
      </Group>
    </Input.Wrapper>
  );
}
