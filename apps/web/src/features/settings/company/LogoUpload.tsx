import { errorMessage, type CompanyView, type ErrorCode } from "@holboo/core";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../../i18n/index.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { storeCompany } from "./company.queries.ts";
import { LOGO_TYPES, logoFileProblem } from "./logo-file.ts";

/** The company logo: a preview of the chosen file at once, uploaded when it is an image of at most 1 MB. */
export function LogoUpload({ company, canEdit }: { company: CompanyView; canEdit: boolean }) {
  const { t } = useTranslation("settings");
  const client = useQueryClient();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<ErrorCode | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append("file", file);
      return api.upload<CompanyView>("/api/company/logo", data);
    },
    onSuccess: (updated) => storeCompany(client, updated),
    onError: (error) => {
      setPreview(null);
      setProblem(error instanceof ApiError && error.code ? error.code : "request_failed");
    },
  });
  const choose = (file: File | null) => {
    if (!file) return;
    const found = logoFileProblem(file);
    setProblem(found);
    if (found) return;
    setPreview(URL.createObjectURL(file));
    upload.mutate(file);
  };
  return (
    <Group gap="md" align="center">
      <Avatar src={preview ?? company.logo_url} alt={t("company.logo")} size={72} radius="md" color="indigo" variant="light">
        {company.name.slice(0, 1).toLocaleUpperCase()}
      </Avatar>
      <Stack gap={4}>
        {canEdit && (
          <FileButton onChange={choose} accept={LOGO_TYPES.join(",")}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
                {t("company.uploadLogo")}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c="dimmed">
          {t("company.logoHint")}
        </Text>
        {problem && (
          <Text size="xs" c="red" role="alert">
            {errorMessage(problem, currentLocale())}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
