import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { useNothingFoundMessage } from "../../../components/shared/EmptyState.tsx";
import { api } from "../../../lib/api.ts";
import { userKeys } from "../users/users.keys.ts";
import { storeCompany } from "./company.queries.ts";

/** Spec §4, §6: the owner hands the company to one active admin, once and for good. Rendered only for the owner, before it is done. */
export function TransferOwnership({ meId }: { meId: number }) {
  const { t } = useTranslation("settings");
  const client = useQueryClient();
  const nothingFound = useNothingFoundMessage();
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const admins = useQuery({
    queryKey: userKeys.transferTargets(),
    queryFn: () => api.get("/api/users", { query: { role: "admin", user_status: "active", user_type: "human", page_size: 100 } }),
  });
  const transfer = useMutation({
    mutationFn: (userId: number) => api.post("/api/company/transfer-ownership", { body: { user_id: userId, confirm: true } }),
    onSuccess: (updated) => {
      storeCompany(client, updated);
      void client.invalidateQueries({ queryKey: userKeys.all });
    },
    onSettled: () => setConfirming(false),
  });
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
