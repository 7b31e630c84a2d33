import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { useNothingFoundMessage } from "../../../components/shared/EmptyState.tsx";
import { useTransferOwnership, useTransferTargets } from "./company.queries.ts";

/** Spec §4, §6: the owner hands the company to one active admin, once and for good. Rendered only for the owner, before it is done. */
export function TransferOwnership({ meId }: { meId: number }) {
  const { t } = useTranslation("settings");
  const nothingFound = useNothingFoundMessage();
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const admins = useTransferTargets();
  const transfer = useTransferOwnership({ onSettled: () => setConfirming(false) });
  const options = (admins.data?.items ?? [])
    .filter((user) => user.ID !== meId)
    .map((user) => ({
      value: String(user.ID),
      label: user.email ? `${user.user_name} (${user.email})` : user.user_name,
    }));
  const chosen = options.find((option) => option.value === target);
  return (
    <Stack gap="xs">
      <Text fw={600}>{t("transfer.title")}</Text>
      <Text size="sm" c="dimmed">
        {t("transfer.text")}
      </Text>
      <Group align="flex-end">
        <Select
          label={t("transfer.target")}
          data={options}
          value={target}
          onChange={setTarget}
          nothingFoundMessage={nothingFound}
          searchable
          w={{ base: "100%", sm: 340 }}
        />
        <Button color="orange" variant="light" disabled={!target} onClick={() => setConfirming(true)}>
          {t("transfer.button")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t("transfer.button")}
        message={t("transfer.warning", { name: chosen?.label ?? "" })}
        danger
        loading={transfer.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => target && transfer.mutate(Number(target))}
      />
    </Stack>
  );
}
