import type { MessageView } from "@holboo/core";
import { Box, Center, Drawer, Group, Loader, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../lib/session.ts";
import { useContactName } from "../../lib/contact-name.ts";
import type { IssuePrefill } from "../issues/IssueFormModal.tsx";
import { Composer } from "./Composer.tsx";
import { InteractionSidePanel } from "./InteractionSidePanel.tsx";
import { MessengerHandover } from "./MessengerHandover.tsx";
import { ThreadHeader } from "./ThreadHeader.tsx";
import { ThreadMessages } from "./ThreadMessages.tsx";
import { useEmailDraft, useInteraction } from "./inbox.queries.ts";
import { fill, INBOX_DETAILS_BESIDE } from "./inbox-layout.ts";
import { useContactLive } from "./useContactLive.ts";
import { useFollowNewest } from "./useFollowNewest.ts";
import type { InboxSocket } from "./useInboxSocket.ts";
import { usePendingSends } from "./usePendingSends.ts";
import { useReadReceipt } from "./useReadReceipt.ts";
import { useThreadEvents } from "./useThreadEvents.ts";

/** The issue form (dates, selects) loads when a message is first turned into an issue. */
const IssueFormModal = lazy(() => import("../issues/IssueFormModal.tsx").then((m) => ({ default: m.IssueFormModal })));

/**
 * One conversation: its events in order, older history on demand, live updates, the composer and actions. It fills
 * its column: the messages scroll by themselves with the newest in view, the composer stays below them, and the
 * details stand beside it on a wide screen or open in a drawer. `onBack` (a phone) returns to the list.
 */
export function ThreadView({ interactionId, live, onBack }: { interactionId: number; live: InboxSocket; onBack?: () => void }) {
  const { t } = useTranslation("inbox");
  const nameOf = useContactName();
  const detailsBeside = useMediaQuery(INBOX_DETAILS_BESIDE, true, { getInitialValueInEffect: false });
  const [detailsOpen, setDetailsOpen] = useState(false);
  // Only for Messenger's handover (a channel's route); the conversation's own actions come with it as `can`.
  const canEdit = usePermission("interaction.edit");
  const canCreateIssue = usePermission("issue.edit");
  const [issuePrefill, setIssuePrefill] = useState<IssuePrefill | null>(null);
  const interaction = useInteraction(interactionId);
  const contactLive = useContactLive(interactionId, live);
  const follow = useFollowNewest(interaction.data !== undefined);
  const thread = useThreadEvents(interactionId, live, follow.keepPosition);
  useReadReceipt(interactionId, thread.items);
  const sends = usePendingSends(interactionId, { items: thread.items, catchUp: thread.catchUp, onSend: follow.toBottom });

  const handoverSeq = thread.items.findLast((item) => item.kind === "event" && item.event.type === "handover.changed")?.seq ?? 0;
  const newest = thread.items.findLast((item) => item.kind === "message" && !item.message.is_private);
  const awaitingAnswer = newest?.kind === "message" && newest.message.direction === "in";
  // E-mail in "draft" mode: the virtual agent's draft for the newest customer mail fills the composer (it may come a moment after the mail).
  const prepared = useEmailDraft(interactionId, newest?.seq ?? 0, interaction.data?.channel?.type === "email" && awaitingAnswer);

  const view = interaction.data;
  if (!view)
    return (
      <Center h={300}>
        <Loader />
      </Center>
    );
  const contactName = nameOf(view.contact);
  const issueFrom = (message: MessageView): IssuePrefill => ({
    contact: { id: view.contact.id, name: contactName },
    channel_id: view.channel?.id ?? null,
    interaction_id: view.id,
    description: message.text,
  });
  const details = <InteractionSidePanel interaction={view} />;
  return (
    <Group gap="sm" wrap="nowrap" align="stretch" style={{ ...fill, flexDirection: "row" }}>
      <Stack gap="xs" style={fill}>
        <ThreadHeader
          view={view}
          contactName={contactName}
          online={contactLive.online}
          onBack={onBack}
          onDetails={detailsBeside ? undefined : () => setDetailsOpen(true)}
        />
        {view.channel?.type === "messenger" && <MessengerHandover interaction={view} version={handoverSeq} canEdit={canEdit} />}
        <ThreadMessages
          view={view}
          contactName={contactName}
          thread={thread}
          follow={follow}
          sends={sends}
          onCreateIssue={canCreateIssue ? (message) => setIssuePrefill(issueFrom(message)) : undefined}
        />
        <Text size="xs" c="dimmed" h={16} aria-live="polite" data-testid="typing" style={{ flex: "none" }}>
          {contactLive.typing &&
            t(contactLive.typing.who === "contact" ? "live.customerTyping" : "live.colleagueTyping", {
              name: contactLive.typing.name || contactName,
            })}
        </Text>
        {issuePrefill && (
          <Suspense fallback={null}>
            <IssueFormModal prefill={issuePrefill} onClose={() => setIssuePrefill(null)} />
          </Suspense>
        )}
        {(view.can.reply || view.can.note) && (
          <Box style={{ flex: "none" }}>
            <Composer
              interactionId={interactionId}
              disabled={false}
              onSubmit={(message) => void sends.submit(message)}
              onTyping={() => live.emit("typing", { interaction_id: interactionId })}
              prepared={awaitingAnswer ? prepared.data?.draft : null}
            />
          </Box>
        )}
      </Stack>
      {detailsBeside ? (
        <Box style={{ flex: "0 0 clamp(270px, 30%, 340px)", overflowY: "auto" }} data-testid="details-beside">
          {details}
        </Box>
      ) : (
        <Drawer opened={detailsOpen} onClose={() => setDetailsOpen(false)} position="right" size={340} title={t("details.title")}>
          {details}
        </Drawer>
      )}
    </Group>
  );
}
