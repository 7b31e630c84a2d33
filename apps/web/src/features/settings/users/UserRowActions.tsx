import type { UserView } from "@holboo/core";
import { ActionIcon, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDots, IconMailForward, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useResendInvite, useToggleUserStatus } from "./users.queries.ts";
import { InvitationLinkDialog } from "./InvitationLinkDialog.tsx";

interface Props {
  user: UserView;
  onEdit: () => void;
  onDelete: () => void;
}

/** The row menu: exactly the actions the server's `can` allows the signed-in member on this row. */
export function UserRowActions({ user, onEdit, onDelete }: Props) {
  const { t } = useTranslation("settings");
  const [sentLink, setSentLink] = useState<string | null>(null);
  const setStatus = useToggleUserStatus(user);
  const resend = useResendInvite(user.ID, {
    onSuccess: (sent) => {
      // The link comes back only to the admin who invited; another admin learns where it went instead.
      if (sent.invitation_link) return setSentLink(sent.invitation_link);
      notifications.show(sent.mail_withheld ? { color: "orange", message: t("users.invitationWithheld") } : { color: "teal", message: t("users.inviteSent") });
    },
  });
  if (!Object.values(user.can).some(Boolean)) return null;
  return (
    <>
      {sentLink && <InvitationLinkDialog email={user.email ?? ""} link={sentLink} onClose={() => setSentLink(null)} />}
      <Menu position="bottom-end" withArrow>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t("users.actionsFor", { name: user.user_name })}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {user.can.edit && (
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
              {t("users.edit")}
            </Menu.Item>
          )}
          {user.can.resend_invite && (
            <Menu.Item leftSection={<IconMailForward size={14} />} onClick={() => resend.mutate()}>
              {t("users.resend")}
            </Menu.Item>
          )}
          {user.can.change_status && (
            <Menu.Item
              leftSection={user.user_status === "active" ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
              onClick={() => setStatus.mutate()}
            >
              {t(user.user_status === "active" ? "users.deactivate" : "users.activate")}
            </Menu.Item>
          )}
          {user.can.delete && (
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              {t("delete")}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
