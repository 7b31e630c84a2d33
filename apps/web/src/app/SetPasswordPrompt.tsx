import { SetPasswordInput } from "@holboo/core";
import { Button, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors } from "../lib/api.ts";
import { validate } from "../lib/forms.ts";
import { useSetFirstPassword } from "../features/profile/profile.queries.ts";

/** An invited colleague who came in by the link (me.needs_password) chooses a password once. */
export function SetPasswordPrompt() {
  const { t } = useTranslation("auth");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useSetFirstPassword({
    onError: (e) => setError(fieldErrors(e).password ?? errorText(e)),
  });
  const submit = () => {
    const checked = validate(SetPasswordInput, { password });
    if (checked.ok) return save.mutate(checked.data);
    setError(checked.errors.password ?? null);
  };
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title={t("setPassword.title")} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t("setPassword.text")}
          </Text>
          <PasswordInput
            label={t("fields.password")}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Button type="submit" loading={save.isPending} data-testid="set-password-save">
            {t("setPassword.save")}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
