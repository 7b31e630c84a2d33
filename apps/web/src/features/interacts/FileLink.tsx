import type { AttachmentView } from "@holboo/core";
import { Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { fileSize } from "../../components/shared/file-size.ts";
import { apiUrl } from "../../lib/api.ts";

/**
 * An attached file as a link that opens it apart: a bubble's (inheriting the bubble's colour, one per line) or a
 * mail's, which adds the size.
 */
export function FileLink({ file, inBubble = false }: { file: AttachmentView; inBubble?: boolean }) {
  return (
    <Text
      size="sm"
      component="a"
      href={apiUrl("/api/files/:id", { params: { id: file.file_id } })}
      target="_blank"
      rel="noopener"
      td="underline"
      {...(inBubble ? { c: "inherit", display: "block" } : {})}
    >
      <IconPaperclip size={12} /> {file.name}
      {!inBubble && ` (${fileSize(file.size)})`}
    </Text>
  );
}
