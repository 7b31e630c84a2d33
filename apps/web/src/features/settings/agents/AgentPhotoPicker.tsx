import { LIMITS, type ErrorCode } from "@holboo/core";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fileSize } from "../../../components/shared/file-size.ts";
import { LOGO_TYPES, logoFileProblem } from "../../../components/shared/logo-file.ts";
import { errorMessage } from "../../../lib/errors.ts";

/** The agent's photo: the current one or a preview of the chosen file, checked like a logo before it is kept. */
export function AgentPhotoPicker({ current, name, onChoose }: { current: string | null | undefined; name: string; onChoose: (file: File) => void }) {
  const { t } = useTranslation("settings");
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<ErrorCode | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const choose = (file: File | null) => {
    if (!file) return;
    const found = logoFileProblem(file);
    setProblem(found === "logo_too_large" ? "agent_photo_too_large" : found === "logo_not_image" ? "agent_photo_not_image" : null);
    if (found) return;
    onChoose(file);
    setPreview(URL.createObjectURL(file));
  };
  return (
    <Group align="center">
      <Avatar src={preview ?? current} size={64} radius="xl" color="indigo" variant="light" alt={t("agents.photo")}>
        {name.slice(0, 1).toLocaleUpperCase()}
      </Avatar>
      <Stack gap={4}>
        <FileButton onChange={choose} accept={LOGO_TYPES.join(",")}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} data-testid="agent-photo">
              {t("agents.choosePhoto")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t("agents.photoHint", { size: fileSize(LIMITS.logoBytes) })}
        </Text>
        {problem && (
          <Text size="xs" c="red" role="alert">
            {errorMessage(problem)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
