import type { OutboxMailView } from "@holboo/core";
import { Alert, Anchor, Button, CopyButton, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { firstLink, splitLinks } from "./linkify.ts";

/**
 * One mail: its text with clickable links and the first to open or copy; for a mail that carries a sign-in secret, only
 * that it does (the server never sends its text) and, when withheld, where its recipient's link went instead.
 */
export function OutboxMailDialog({ mail, onClose }: { mail: OutboxMailView; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const link = mail.carries_secret ? null : firstLink(mail.text);
  return (
    <Modal opened onClose={onClose} title={mail.subject} size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t("outbox.to")}: {mail.to}
        </Text>
        {mail.carries_secret ? (
          <Alert color="gray" icon={<IconLock size={16} />} data-testid="outbox-secret">
            {t(mail.status === "withheld" ? "outbox.withheldText" : "outbox.secretText")}
          </Alert>
        ) : (
          <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
            <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {splitLinks(mail.text).map((part, index) =>
                part.kind === "link" ? (
                  <Anchor key={index} href={part.value} target="_blank" rel="noopener noreferrer">
                    {part.value}
                  </Anchor>
                ) : (
                  part.value
                ),
              )}
            </Text>
          </Paper>
        )}
        {link && (
          <Group justify="flex-end">
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {t(copied ? "outbox.copied" : "outbox.copyLink")}
                </Button>
              )}
            </CopyButton>
            <Button component="a" href={link} target="_blank" rel="noopener noreferrer" data-testid="outbox-link">
              {t("outbox.openLink")}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
