import type { TiptapNode } from "@holboo/core";
import { ActionIcon, Group, Paper, Tooltip } from "@mantine/core";
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconList,
  IconListNumbers,
  IconPhotoEdit,
} from "@tabler/icons-react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Figcaption, Figure } from "./figure.ts";
import "./editor.css";

/** The extensions of an article; the server accepts exactly these node and mark types (core TIPTAP_NODE_TYPES). */
export const articleExtensions = [StarterKit.configure({ link: { openOnClick: false, protocols: ["http", "https", "mailto"] } }), Figure, Figcaption];

function ToolButton({
  label,
  active,
  onClick,
  disabled,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant={active ? "filled" : "subtle"} aria-label={label} aria-pressed={active} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation("knowledge");
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (fn: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => fn(editor.chain().focus()).run();
  return (
    <Group gap={4} p={6} style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }} role="toolbar">
      <ToolButton label={t("editor.bold")} active={state.bold} onClick={() => run((c) => c.toggleBold())}>
        <IconBold size={16} />
      </ToolButton>
      <ToolButton label={t("editor.italic")} active={state.italic} onClick={() => run((c) => c.toggleItalic())}>
        <IconItalic size={16} />
      </ToolButton>
      <ToolButton label={t("editor.heading2")} active={state.h2} onClick={() => run((c) => c.toggleHeading({ level: 2 }))}>
        <IconH2 size={16} />
      </ToolButton>
      <ToolButton label={t("editor.heading3")} active={state.h3} onClick={() => run((c) => c.toggleHeading({ level: 3 }))}>
        <IconH3 size={16} />
      </ToolButton>
      <ToolButton label={t("editor.bulletList")} active={state.bullet} onClick={() => run((c) => c.toggleBulletList())}>
        <IconList size={16} />
      </ToolButton>
      <ToolButton label={t("editor.orderedList")} active={state.ordered} onClick={() => run((c) => c.toggleOrderedList())}>
        <IconListNumbers size={16} />
      </ToolButton>
      <ToolButton label={t("editor.quote")} active={state.quote} onClick={() => run((c) => c.toggleBlockquote())}>
        <IconBlockquote size={16} />
      </ToolButton>
      <ToolButton label={t("editor.figure")} onClick={() => run((c) => c.insertFigure())}>
        <IconPhotoEdit size={16} />
      </ToolButton>
      <ToolButton label={t("editor.undo")} disabled={!state.canUndo} onClick={() => run((c) => c.undo())}>
        <IconArrowBackUp size={16} />
      </ToolButton>
      <ToolButton label={t("editor.redo")} disabled={!state.canRedo} onClick={() => run((c) => c.redo())}>
        <IconArrowForwardUp size={16} />
      </ToolButton>
    </Group>
  );
}

interface Props {
  content: TiptapNode;
  editable: boolean;
  /** The new document and its plain-text length, after every change. */
  onChange: (doc: TiptapNode, chars: number) => void;
  label: string;
}

export function ArticleEditor({ content, editable, onChange, label }: Props) {
  const editor = useEditor({
    extensions: articleExtensions,
    content,
    editable,
    editorProps: { attributes: { "aria-label": label, role: "textbox", "aria-multiline": "true", "data-testid": "article-editor" } },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as TiptapNode, e.getText().length),
  });
  return (
    <Paper withBorder className="kb-editor">
      {editable && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </Paper>
  );
}
