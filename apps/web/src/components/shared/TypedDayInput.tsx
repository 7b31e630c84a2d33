import { TextInput } from "@mantine/core";
import { useState } from "react";
import { parseTypedDay, type Day } from "./date-range.ts";

interface Props {
  label: string;
  day: Day | null;
  /** Any keystroke: the picker switches its preset to custom. */
  onType: () => void;
  /** A complete, valid day was typed. */
  onCommit: (day: Day) => void;
}

/** A YYYY-MM-DD field (spec §5): a valid day is taken as it is typed; on blur, invalid text reverts. */
export function TypedDayInput({ label, day, onType, onCommit }: Props) {
  const [text, setText] = useState<string | null>(null);
  return (
    <TextInput
      label={label}
      placeholder="YYYY-MM-DD"
      value={text ?? day ?? ""}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = parseTypedDay(next);
        if (parsed) onCommit(parsed);
        else onType();
      }}
      onBlur={() => setText(null)}
      inputMode="numeric"
      autoComplete="off"
      w={130}
    />
  );
}
