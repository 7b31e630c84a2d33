import { InviteUserInput, ROLES, UpdateUserInput, type UserView } from "@holboo/core";
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { validate } from "../../../lib/forms.ts";
import { showServerErrors } from "../server-errors.ts";
import { useInviteUser, useRefreshPeople, useUpdateUser } from "./users.queries.ts";
import { InvitationLinkDialog } from "./InvitationLinkDialog.tsx";

type Values = { first_name: string; last_name: string; email: string; role: string | null; phone: string };

/** Invites a colleague (`user` null: first name, last name, e-mail, role, phone) or edits one; e-mail is fixed once invited. */
export function UserDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const [sentLink, setSentLink] = useState<string | null>(null);
  const roleLocked = !!user && !user.can.change_role;
  const form = useForm<Values>({
    initialValues: {
      first_name: user?.first_name ?? "",
      last_name: user?.last_name ?? "",
      email: user?.email ?? "",
      role: user?.role ?? null,
      phone: user?.phone ?? "",
    },
  });
  const refreshPeople = useRefreshPeople();
  const done = () => {
    refreshPeople();
    onClose();
  };
  const invite = useInviteUser({
    onSuccess: (invited) => {
      // No SMTP: the link is answered once, to hand over by hand; closing its dialog closes this one.
      if (invited.invitation_link) return setSentLink(invited.invitation_link);
      notifications.show({ color: "teal", message: t("users.inviteSent") });
      done();
    },
    onError: (error) => showServerErrors(error, form, { user_exists: "email", unregistered_domain: "email", invite_mail_failed: "email" }),
  });
  const update = useUpdateUser(user?.ID, {
    onSuccess: done,
    onError: (error) => showServerErrors(error, form, { owner_protected: "role", self_change_forbidden: "role" }),
  });
  const submit = form.onSubmit((values) => {
    if (!user) {
      const checked = validate(InviteUserInput, values);
      if (!checked.ok) return form.setErrors(checked.errors);
      return invite.mutate(checked.data);
    }
    const { email: _email, role, ...profile } = values;
    const checked = validate(UpdateUserInput, roleLocked ? profile : { ...profile, role });
    if (!checked.ok) return form.setErrors(checked.errors);
    update.mutate(checked.data);
  });
  if (sentLink) return <InvitationLinkDialog email={form.values.email} link={sentLink} onClose={done} />;
  return (
    <Modal opened onClose={onClose} title={t(user ? "users.editTitle" : "users.invite")} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("users.firstName")} data-autofocus {...form.getInputProps("first_name")} />
            <TextInput label={t("users.lastName")} {...form.getInputProps("last_name")} />
            <TextInput label={t("users.email")} type="email" disabled={!!user} {...form.getInputProps("email")} />
            <TextInput label={t("users.phone")} type="tel" {...form.getInputProps("phone")} />
            <Select
              label={t("users.role")}
              data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              disabled={roleLocked}
              description={roleLocked ? t(user?.is_owner ? "users.ownerRoleLocked" : "users.ownRoleLocked") : undefined}
              allowDeselect={false}
              {...form.getInputProps("role")}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={invite.isPending || update.isPending}>
              {t(user ? "save" : "users.sendInvite")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
