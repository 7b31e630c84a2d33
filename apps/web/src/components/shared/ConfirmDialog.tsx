import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  opened: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to Зөвшөөрөх (spec §9). */
  confirmLabel?: string;
  /** Defaults to Болих (spec §9). */
  cancelLabel?: string;
  danger?: boolean;
  /** The confirm button stays disabled until exactly this word is typed (folder and company deletion). */
  typeToConfirm?: string;
  loading?: boolean;
}

function Body({ message, onConfirm, onCancel, confirmLabel, cancelLabel, danger, typeToConfirm, loading }: Omit<Props, "opened" | "title">) {
  const { t } = useTranslation("components");
  const [typed, setTyped] = useState("");
  const ready = !typeToConfirm || typed.trim() === typeToConfirm.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !loading) onConfirm();
      }}
    >
      <Stack>
        {typeof message === "string" ? <Text size="sm">{message}</Text> : message}
        {typeToConfirm !== undefined && (
          <TextInput
            label={t("confirm.typeToConfirm", { word: typeToConfirm })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel ?? t("confirm.cancel")}
          </Button>
          <Button type="submit" color={danger ? "red" : undefined} disabled={!ready} loading={loading}>
            {confirmLabel ?? t("confirm.confirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A yes/no dialog; its body mounts afresh on every opening, so a typed word never carries over. */
export function ConfirmDialog({ opened, title, onCancel, ...rest }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Body onCancel={onCancel} {...rest} />
    </Modal>
  );
}

/** Asks before deleting a list's row: open while `item` is set; confirming deletes it, either answer closes. */
export function ConfirmRemove<Item>({
  item,
  title,
  message,
  onRemove,
  onClose,
}: {
  item: Item | null;
  title: string;
  message: ReactNode;
  onRemove: (item: Item) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      message={message}
      danger
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null) onRemove(item);
        onClose();
      }}
    />
  );
}
