import { SetPasswordInput } from "@holboo/core";
import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useSetPassword } from "./profile.queries.ts";
import { showSubmitError, validate } from "../../lib/forms.ts";

/** PUT /api/me/password with the current password and the new one. */
export function PasswordForm() {
  const { t } = useTranslation("auth");
  const form = useForm({ initialValues: { current_password: "", password: "" } });
  const save = useSetPassword({
    onSuccess: () => {
      form.reset();
      notifications.show({ color: "teal", message: t("profile.passwordChanged") });
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const onSubmit = form.onSubmit((values) => {
    const checked = validate(SetPasswordInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <PasswordInput label={t("fields.currentPassword")} autoComplete="current-password" {...form.getInputProps("current_password")} />
        <PasswordInput label={t("fields.newPassword")} autoComplete="new-password" {...form.getInputProps("password")} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={save.isPending}>
            {t("profile.changePassword")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
