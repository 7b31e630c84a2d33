import type { AgentView } from "@holboo/core";
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, notifyError } from "../../../lib/api.ts";
import { channelKeys } from "../channels/channels.keys.ts";
import { flowKeys } from "../flows/flows.keys.ts";
import { agentKeys } from "./agents.keys.ts";

const NO_TRANSFER = "none";

/** Deleting an agent deletes its flows; its knowledge folders go to the agent chosen here, or stop being used by it. */
export function DeleteAgentDialog({ agent, agents, onClose }: { agent: AgentView; agents: AgentView[]; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const client = useQueryClient();
  const others = agents.filter((a) => a.id !== agent.id);
  const [target, setTarget] = useState<string>(agent.folders.length ? String(others.find((a) => a.is_primary)?.id ?? NO_TRANSFER) : NO_TRANSFER);
  const remove = useMutation({
    mutationFn: () => api.del("/api/virtual-agents/:id", { params: { id: agent.id }, body: { transfer_to: target === NO_TRANSFER ? null : Number(target) } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: agentKeys.all });
      void client.invalidateQueries({ queryKey: channelKeys.all });
      void client.invalidateQueries({ queryKey: flowKeys.all });
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal opened onClose={onClose} title={t("agents.deleteTitle", { name: agent.name })} centered>
      <Stack>
        <Text size="sm">{t("agents.deleteFlows", { count: agent.flows.length })}</Text>
        {agent.folders.length > 0 && (
          <Select
            label={t("agents.transferLabel", { count: agent.folders.length })}
            description={agent.folders.map((f) => f.name).join(", ")}
            data={[...others.map((a) => ({ value: String(a.id), label: a.name })), { value: NO_TRANSFER, label: t("agents.noTransfer") }]}
            value={target}
            onChange={(value) => setTarget(value ?? NO_TRANSFER)}
            allowDeselect={false}
            data-testid="agent-transfer"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="agent-delete-confirm">
            {t("delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
