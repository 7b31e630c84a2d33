import type { CompanyView } from "@holboo/core";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { useDeleteCompany } from "./company.queries.ts";

/** Only the owner deletes the company (the creator, until ownership moves), after typing its name. Their account stays, without a company. */
export function DeleteCompany({ company }: { company: CompanyView }) {
  const { t } = useTranslation("settings");
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCompany({
    onSuccess: () => {
      void navigate("/onboarding", { replace: true });
    },
    onSettled: () => setConfirming(false),
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t("deleteCompany.title")}</Text>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={520}>
          {t("deleteCompany.text")}
        </Text>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {t("deleteCompany.button")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t("deleteCompany.button")}
        message={t("deleteCompany.warning")}
        danger
        typeToConfirm={company.name}
        confirmLabel={t("deleteCompany.confirm")}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(company.name)}
      />
    </Stack>
  );
}
