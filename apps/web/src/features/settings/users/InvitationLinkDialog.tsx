import { LIMITS } from "@holboo/core";
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The invitation's link, shown once to the admin who invited when no SMTP server sent it (the server answers it only
 * then, and only to them): they hand it to the colleague themselves. It is nowhere else in the app afterwards.
 */
export function InvitationLinkDialog({ email, link, onClose }: { email: string; link: string; onClose: () => void }) {
  const { t } = useTranslation("settings");
  return (
    <Modal opened onClose={onClose} title={t("users.invitationLinkTitle")} centered size="lg">
      <Stack>
        <Text size="sm">{t("users.invitationLinkText", { email, hours: LIMITS.inviteTokenHours })}</Text>
        <Code block data-testid="invitation-link" style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}>
          {link}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {t(copied ? "users.invitationLinkCopied" : "users.invitationLinkCopy")}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t("users.invitationLinkDone")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
