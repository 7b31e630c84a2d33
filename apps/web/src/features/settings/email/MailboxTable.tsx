import type { EmailChannelView, EmailOAuthProvider } from "@holboo/core";
import { Badge, Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../../components/shared/DataTable.tsx";
import { usePermission } from "../../../lib/session.ts";

interface Props {
  mailboxes: readonly EmailChannelView[];
  onEdit: (mailbox: EmailChannelView) => void;
  onSignInAgain: (provider: EmailOAuthProvider, mailboxId: number) => void;
}

/** The company's mailboxes with their reading state; one whose provider login lapsed offers to sign in again. */
export function MailboxTable({ mailboxes, onEdit, onSignInAgain }: Props) {
  const { t } = useTranslation("channels");
  const canEdit = usePermission("settings.edit");
  return (
    <DataTable
      testId="email-channels"
      rows={mailboxes}
      rowKey={(mailbox) => mailbox.id}
      columns={[
        { key: "name", header: t("email.fields.name"), cell: (mailbox) => mailbox.name },
        { key: "address", header: t("email.fields.address"), cell: (mailbox) => mailbox.address },
        { key: "state", header: t("email.state"), cell: (mailbox) => <MailboxState mailbox={mailbox} /> },
      ]}
      rowActions={(mailbox) =>
        canEdit && mailbox.state === "reconnect" && mailbox.auth !== "password" ? (
          <Button size="xs" color="orange" onClick={() => onSignInAgain(mailbox.auth as EmailOAuthProvider, mailbox.id)} data-testid="email-reconnect">
            {t("email.signInAgain")}
          </Button>
        ) : (
          canEdit && (
            <Button size="xs" variant="subtle" onClick={() => onEdit(mailbox)}>
              {t("email.edit")}
            </Button>
          )
        )
      }
    />
  );
}

/** The mailbox's reading state; why it is not connected shows on hover. */
function MailboxState({ mailbox }: { mailbox: EmailChannelView }) {
  const { t } = useTranslation("channels");
  return (
    <Badge
      color={mailbox.state === "connected" ? "teal" : mailbox.state === "error" ? "red" : mailbox.state === "reconnect" ? "orange" : "gray"}
      title={mailbox.state === "reconnect" ? t("email.reconnectHint") : (mailbox.last_error ?? undefined)}
    >
      {t(`email.states.${mailbox.state}`)}
    </Badge>
  );
}
