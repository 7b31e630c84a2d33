import { Alert, Button, Group, Text } from "@mantine/core";
import { IconPlugConnectedX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLiveState } from "../lib/staff-socket.ts";

/**
 * Above every company screen while live updates are down, with the reason: the server cannot be reached (socket.io
 * keeps trying), refused this page's address or sign-in, or ended the connection. Nothing shows while connecting.
 */
export function LiveStatusBanner() {
  const { t } = useTranslation("help");
  const { status, reason } = useLiveState();
  if (status !== "down" || !reason) return null;
  // Unreachable: socket.io keeps trying by itself. Refused or ended by the server: only a reload (a new sign-in) helps.
  const action =
    reason === "unreachable" ? null : (
      <Button size="xs" variant="white" color="red" onClick={() => window.location.reload()}>
        {t("live.reload")}
      </Button>
    );
  return (
    <Alert
      color={reason === "unreachable" ? "orange" : "red"}
      icon={<IconPlugConnectedX size={18} />}
      title={t("live.title")}
      mb="sm"
      role="alert"
      data-testid="live-banner"
      data-reason={reason}
      style={{ flex: "none" }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t(`live.${reason}`, { address: window.location.origin })}</Text>
        {action}
      </Group>
    </Alert>
  );
}
