import type { AgentView } from "@holboo/core";
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteAgent } from "./agents.queries.ts";

const NO_TRANSFER = "none";

/** Deleting an agent deletes its flows; its knowledge folders go to the agent chosen here, or stop being used by it. */
export function DeleteAgentDialog({ agent, agents, onClose }: { agent: AgentView; agents: AgentView[]; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const others = agents.filter((a) => a.id !== agent.id);
  const [target, setTarget] = useState<string>(agent.folders.length ? String(others.find((a) => a.is_primary)?.id ?? NO_TRANSFER) : NO_TRANSFER);
  const remove = useDeleteAgent(agent.id, onClose);
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
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(target === NO_TRANSFER ? null : Number(target))}
            data-testid="agent-delete-confirm"
          >
            {t("delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
