import { Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CallBubble, CallButton } from "./CallBubble.tsx";
import { useCallUpdates, useContactCalls } from "./calls.queries.ts";

/** A contact's calls, newest first, on the contact's page. */
export function CallHistory({ contactId, phone }: { contactId: number; phone: string | null }) {
  const { t } = useTranslation("calls");
  const calls = useContactCalls(contactId);
  useCallUpdates();
  const items = [...(calls.data ?? [])].reverse();
  return (
    <Stack gap="xs" data-testid="contact-calls">
      <Group justify="space-between">
        <Title order={4}>{t("history.title")}</Title>
        {phone && <CallButton number={phone} />}
      </Group>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("history.empty")}
        </Text>
      )}
      {items.map((call) => (
        <CallBubble key={call.id} call={call} />
      ))}
    </Stack>
  );
}
