import type { AttachmentView } from "@holboo/core";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconPhoto, IconQuote } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FileLink } from "./FileLink.tsx";
import { useEmailMessage } from "./inbox.queries.ts";

/** The frame's own rules: no script, no request but inline (`data:`) images, and remote images only when asked. */
function emailDocument(body: string, images: boolean) {
  const imgSrc = images ? "data: https:" : "data:";
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${imgSrc}; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer"><base target="_blank">
<style>body{margin:8px;font:14px/1.45 system-ui,sans-serif;color:#212529;word-break:break-word}img{max-width:100%;height:auto}
blockquote{margin:4px 0 4px 4px;padding-left:8px;border-left:3px solid #ced4da;color:#495057}table{max-width:100%}</style>
</head><body>${body}</body></html>`;
}

/** Tall enough for most replies; the person drags the frame's corner for more (its height cannot be measured). */
const FRAME_HEIGHT = 260;

/**
 * A received mail as it was written: its sanitised HTML in a sandboxed frame (no scripts, a unique origin,
 * links open apart), remote images held back until the person asks (loading them tells the sender the mail
 * was read), the quoted history folded behind a toggle, and the attachments listed. A plain-text mail, or a
 * message without a stored mail, shows as `fallback`.
 */
export function EmailBody({
  interactionId,
  messageId,
  attachments,
  fallback,
}: {
  interactionId: number;
  messageId: number;
  attachments: AttachmentView[];
  fallback: ReactNode;
}) {
  const { t } = useTranslation("inbox");
  const [images, setImages] = useState(false);
  const [quoted, setQuoted] = useState(false);
  const mail = useEmailMessage(interactionId, messageId, images);
  const view = mail.data;
  if (!view) return <>{fallback}</>;
  const imported = view.imported && (
    <Badge size="xs" variant="light" color="gray" data-testid="email-imported">
      {t("email.imported")}
    </Badge>
  );
  if (!view.html && !view.quoted_html)
    return (
      <>
        {imported}
        {fallback}
      </>
    );
  const body = `${view.html ?? ""}${quoted && view.quoted_html ? view.quoted_html : ""}`;
  return (
    <Stack gap={4} w="100%" data-testid="email-body">
      <Group gap={6} wrap="nowrap">
        {imported}
        <Text size="xs" c="dimmed" lineClamp={1} data-testid="email-headers">
          {t("email.from", { from: view.from })} · {view.subject}
        </Text>
      </Group>
      <iframe
        title={t("email.frameTitle", { subject: view.subject })}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={emailDocument(body, images)}
        data-testid="email-frame"
        style={{ width: "100%", height: FRAME_HEIGHT, border: 0, resize: "vertical", overflow: "auto", background: "white", borderRadius: 6 }}
      />
      <Group gap={6}>
        {view.remote_images_blocked > 0 && !images && (
          <Button size="compact-xs" variant="light" leftSection={<IconPhoto size={12} />} onClick={() => setImages(true)} data-testid="email-show-images">
            {t("email.showImages", { count: view.remote_images_blocked })}
          </Button>
        )}
        {view.quoted_html && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconQuote size={12} />}
            onClick={() => setQuoted((shown) => !shown)}
            data-testid="email-quoted-toggle"
            aria-expanded={quoted}
          >
            {t(quoted ? "email.hideQuoted" : "email.showQuoted")}
          </Button>
        )}
      </Group>
      {attachments.length > 0 && (
        <Stack gap={2} data-testid="email-attachments">
          {attachments.map((file) => (
            <FileLink key={file.file_id} file={file} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
