import { MESSENGER_PAGE_INBOX_APP_ID, type InteractionView } from "@holboo/core";
import { Alert, Button, Group } from "@mantine/core";
import { IconBrandMessenger } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useMessengerThread } from "./inbox.queries.ts";

/**
 * Messenger's handover protocol on one conversation: pass the thread to the Facebook Page inbox, or take
 * it back. `version` changes with every handover event of the thread, so a move made elsewhere shows.
 */
export function MessengerHandover({ interaction, version, canEdit }: { interaction: InteractionView; version: number; canEdit: boolean }) {
  const { t } = useTranslation("inbox");
  const { thread, move } = useMessengerThread(interaction.id, version);
  if (!thread.data || interaction.status !== "open") return null;
  const inPageInbox = thread.data.in_page_inbox;
  return (
    <Alert color={inPageInbox ? "blue" : "gray"} variant="light" icon={<IconBrandMessenger size={18} />} p="xs" data-testid="messenger-handover">
      <Group justify="space-between" gap="xs">
        {inPageInbox && (
          <span>
            {!thread.data.owner_app_id || thread.data.owner_app_id === MESSENGER_PAGE_INBOX_APP_ID
              ? t("handover.inPageInbox")
              : t("handover.inOtherApp", { app: thread.data.owner_app_id })}
          </span>
        )}
        {canEdit && (
          <Button
            size="xs"
            variant={inPageInbox ? "filled" : "default"}
            loading={move.isPending}
            onClick={() => move.mutate(inPageInbox ? "take" : "pass")}
            data-testid={inPageInbox ? "messenger-take" : "messenger-pass"}
            ml="auto"
          >
            {inPageInbox ? t("handover.take") : t("handover.pass")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
