import { type ErrorCode, LIMITS } from "@holboo/core";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/http.ts";
import { LOGO_TYPES, logoFileProblem } from "./logo-file.ts";
import { errorMessage } from "../../lib/errors.ts";
import { fileSize } from "./file-size.ts";

interface LogoUploadProps<T> {
  /** The stored logo, if any. */
  src: string | null;
  /** Shown (its first letter) while there is no logo. */
  name: string;
  /** Sends the image, the multipart field `file`, with the caller's typed api call. */
  upload(form: FormData): Promise<T>;
  onUploaded(result: T): void;
  canEdit: boolean;
}

/** A logo (company, web chat): a preview of the chosen file at once, uploaded when it is an image of at most 1 MB. */
export function LogoUpload<T>({ src, name, upload: send, onUploaded, canEdit }: LogoUploadProps<T>) {
  const { t } = useTranslation("components");
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<ErrorCode | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const upload = useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append("file", file);
      return send(data);
    },
    onSuccess: onUploaded,
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
      <Avatar src={preview ?? src} alt={t("logo.alt")} size={72} radius="md" color="indigo" variant="light">
        {name.slice(0, 1).toLocaleUpperCase()}
      </Avatar>
      <Stack gap={4}>
        {canEdit && (
          <FileButton onChange={choose} accept={LOGO_TYPES.join(",")}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
                {t("logo.upload")}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c="dimmed">
          {t("logo.hint", { size: fileSize(LIMITS.logoBytes) })}
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
