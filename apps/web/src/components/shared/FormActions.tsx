import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The footer of a form dialog: Болих closes it, the submit button saves (or says `submitLabel`). */
export function FormActions({
  onCancel,
  saving,
  submitLabel,
  submitTestId,
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel?: ReactNode;
  submitTestId?: string;
}) {
  const { t } = useTranslation("components");
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t("form.cancel")}
      </Button>
      <Button type="submit" loading={saving} data-testid={submitTestId}>
        {submitLabel ?? t("form.save")}
      </Button>
    </Group>
  );
}
