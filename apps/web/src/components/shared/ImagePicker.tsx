import type { ErrorCode } from "@holboo/core";
import { Avatar, Button, FileButton, Group, Stack, Text, type MantineRadius, type MantineSpacing } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/errors.ts";
import { ApiError } from "../../lib/http.ts";
import { LOGO_TYPES, logoFileProblem } from "./logo-file.ts";

interface ImagePickerProps {
  /** The stored image, if any. */
  src: string | null | undefined;
  /** Shown (its first letter) while there is no image. */
  name: string;
  alt: string;
  size: number;
  radius: MantineRadius;
  gap?: MantineSpacing;
  buttonLabel: string;
  buttonTestId?: string;
  hint: string;
  /** Without it there is no button: the image only shows. */
  canEdit?: boolean;
  /** The problem shown for a file that is not an image of at most 1 MB (the logo's own codes unless changed). */
  problemOf?: (problem: ErrorCode) => ErrorCode;
  /**
   * A checked file: shown at once as a preview. A returned promise keeps the button busy until it settles; when it
   * fails, the preview goes and its error shows.
   */
  onChoose(file: File): void | Promise<unknown>;
}

/** An image (a logo, an agent's photo) with a button to choose another, checked like a logo before it is used. */
export function ImagePicker({ src, name, alt, size, radius, gap, buttonLabel, buttonTestId, hint, canEdit = true, problemOf, onChoose }: ImagePickerProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState(0);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const choose = (file: File | null) => {
    if (!file) return;
    const found = logoFileProblem(file);
    setProblem(found && (problemOf ? problemOf(found) : found));
    if (found) return;
    setPreview(URL.createObjectURL(file));
    const sent = onChoose(file);
    if (!sent) return;
    setBusy((n) => n + 1);
    sent
      .catch((error: unknown) => {
        setPreview(null);
        setProblem(error instanceof ApiError && error.code ? error.code : "request_failed");
      })
      .finally(() => setBusy((n) => n - 1));
  };
  return (
    <Group gap={gap} align="center">
      <Avatar src={preview ?? src} alt={alt} size={size} radius={radius} color="indigo" variant="light">
        {name.slice(0, 1).toLocaleUpperCase()}
      </Avatar>
      <Stack gap={4}>
        {canEdit && (
          <FileButton onChange={choose} accept={LOGO_TYPES.join(",")}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={busy > 0} data-testid={buttonTestId}>
                {buttonLabel}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c="dimmed">
          {hint}
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
