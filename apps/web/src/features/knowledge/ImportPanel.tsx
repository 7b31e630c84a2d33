import { LIMITS, type ArticleView } from "@holboo/core";
import { Button, FileButton, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileUpload, IconWorldDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../../lib/api.ts";
import { useImportArticleFile, useImportArticleUrl } from "./knowledge.queries.ts";
import { fileSize } from "../../components/shared/file-size.ts";

/** Imports a .docx/.pdf upload or a web page into the chosen folder as a draft, then opens it. */
export function ImportPanel({ folderId }: { folderId: number }) {
  const { t } = useTranslation("knowledge");
  const navigate = useNavigate();
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const done = (article: ArticleView) => {
    notifications.show({ color: "green", message: t("import.done") });
    void navigate(`/knowledge/${article.id}`);
  };
  const upload = useImportArticleFile(folderId, { onSuccess: done });
  const fromUrl = useImportArticleUrl(folderId, {
    onSuccess: done,
    onError: (error) => setUrlError(errorText(error)),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Text fw={600}>{t("import.title")}</Text>
        <Group align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <FileButton
              onChange={(file) => file && upload.mutate(file)}
              accept=".docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            >
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconFileUpload size={16} />} loading={upload.isPending} data-testid="import-file">
                  {t("import.file")}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t("import.fileHint", { size: fileSize(LIMITS.knowledgeUploadBytes) })}
            </Text>
          </Stack>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setUrlError(null);
              fromUrl.mutate(url);
            }}
            style={{ flex: 1, minWidth: 260 }}
          >
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={t("import.url")}
                placeholder={t("import.urlPlaceholder")}
                value={url}
                onChange={(e) => setUrl(e.currentTarget.value)}
                error={urlError}
                leftSection={<IconWorldDownload size={16} />}
              />
              <Button type="submit" variant="light" loading={fromUrl.isPending} disabled={!url.trim()}>
                {t("import.urlSubmit")}
              </Button>
            </Group>
          </form>
        </Group>
      </Stack>
    </Paper>
  );
}
