import { UpdateProfileInput, type MeView } from "@holboo/core";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { useSaveProfile } from "./profile.queries.ts";

/** PUT /api/me: first and last name and phone; the e-mail is shown, not edited. */
export function ProfileForm({ me }: { me: MeView }) {
  const { t } = useTranslation("auth");
  const form = useForm({ initialValues: { first_name: me.first_name, last_name: me.last_name, phone: me.phone ?? "" } });
  const save = useSaveProfile({
    onSuccess: () => {
      notifications.show({ color: "teal", message: t("profile.saved") });
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const onSubmit = form.onSubmit((values) => {
    const checked = validate(UpdateProfileInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Group grow align="flex-start">
          <TextInput label={t("fields.firstName")} autoComplete="given-name" {...form.getInputProps("first_name")} />
          <TextInput label={t("fields.lastName")} autoComplete="family-name" {...form.getInputProps("last_name")} />
        </Group>
        <TextInput label={t("fields.email")} value={me.email} readOnly />
        <TextInput label={t("fields.phone")} autoComplete="tel" {...form.getInputProps("phone")} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t("profile.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
