import { Button, Group, Modal, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "./FormActions.tsx";

/** The add/edit dialog of a list's row: its fields, then Хадгалах (and Болих beside it with `withCancel`). */
export function ItemDialog({
  title,
  onClose,
  onSubmit,
  saving,
  submitTestId,
  withCancel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  submitTestId?: string;
  withCancel?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("components");
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          {withCancel ? (
            <FormActions onCancel={onClose} saving={saving} submitTestId={submitTestId} />
          ) : (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} data-testid={submitTestId}>
                {t("form.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
