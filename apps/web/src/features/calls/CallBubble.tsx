import type { CallView } from "@holboo/core";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconPhoneCall, IconPhoneIncoming, IconPhoneOff, IconPhoneOutgoing } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../lib/session.ts";
import { clock, useCallNumber } from "./calls.queries.ts";

const COLORS: Record<CallView["status"], string> = { waiting: "yellow", talking: "green", missed: "red", cancelled: "orange", ended: "gray" };

/** Click-to-call for those allowed: the person's extension rings first, then the customer. */
export function CallButton({ number, label }: { number: string; label?: string }) {
  const { t } = useTranslation("calls");
  const allowed = usePermission("call.make");
  const call = useCallNumber(number);
  if (!allowed) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPhoneCall size={14} />}
      loading={call.isPending}
      onClick={() => call.mutate()}
      data-testid="call-button"
    >
      {call.isSuccess ? t("bubble.calling") : (label ?? t("call"))}
    </Button>
  );
}

/** A call in a conversation or a contact's history: direction, status, wait and talk time, the recording. */
export function CallBubble({ call }: { call: CallView }) {
  const { t } = useTranslation("calls");
  const Icon = call.status === "missed" || call.status === "cancelled" ? IconPhoneOff : call.direction === "in" ? IconPhoneIncoming : IconPhoneOutgoing;
  return (
    <Paper withBorder p="sm" radius="md" maw={420} data-testid="call-bubble" data-status={call.status}>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <Icon size={18} />
          <Text size="sm" fw={600}>
            {t(call.direction === "in" ? "bubble.in" : "bubble.out")} · {call.number}
          </Text>
          <Badge size="sm" color={COLORS[call.status]} data-testid="call-status">
            {t(`bubble.status.${call.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {new Date(call.started_at).toLocaleString()}
          {call.line ? ` · ${call.line.name}` : ""}
        </Text>
        {call.wait_seconds !== null && (
          <Text size="xs" data-testid="call-waited">
            {t("bubble.waited", { time: clock(call.wait_seconds) })}
          </Text>
        )}
        {call.talk_seconds !== null && (
          <Text size="xs" data-testid="call-duration">
            {t("bubble.duration", { time: clock(call.talk_seconds) })}
          </Text>
        )}
        {call.answered_by && <Text size="xs">{t("bubble.answeredBy", { name: call.answered_by.name })}</Text>}
        {call.recording_url && (
          <audio controls preload="none" src={call.recording_url} aria-label={t("bubble.recording")} style={{ width: "100%" }} data-testid="call-recording" />
        )}
        {call.status === "missed" && call.direction === "in" && (
          <Group>
            <CallButton number={call.number} label={t("bubble.callBack")} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
