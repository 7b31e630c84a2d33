import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The recovery codes, shown once: to write down or download before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  const download = () => {
    const blob = new Blob([`${t("recovery.fileTitle")}\n\n${codes.join("\n")}\n`], { type: "text/plain" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "holboo-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack data-testid="recovery-codes">
      <Alert color="yellow" title={t("recovery.title")}>
        {t("recovery.text")}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" maw={360}>
        {codes.map((code) => (
          <Text key={code} ff="monospace" fw={600} data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          {t("recovery.download")}
        </Button>
        <Button onClick={onDone} data-testid="recovery-done">
          {t("recovery.done")}
        </Button>
      </Group>
    </Stack>
  );
}
