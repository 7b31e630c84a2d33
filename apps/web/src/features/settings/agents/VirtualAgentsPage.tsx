import type { AgentView } from "@holboo/core";
import { ActionIcon, Anchor, Avatar, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { usePermission } from "../../../lib/session.ts";
import { AgentDialog } from "./AgentDialog.tsx";
import { DeleteAgentDialog } from "./DeleteAgentDialog.tsx";
import { useAgents } from "./agents.queries.ts";

function AgentRow({ agent, canEdit, onEdit, onDelete }: { agent: AgentView; canEdit: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation("settings");
  return (
    <Table.Tr data-testid={`agent-row-${agent.id}`}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={agent.photo_url} radius="xl" color="indigo" variant="light" alt="">
            {agent.name.slice(0, 1).toLocaleUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Text fw={600}>{agent.name}</Text>
            <Text size="xs" c="dimmed">
              {t(`agents.types.${agent.agent_type}`)}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge variant="light" color={agent.is_primary ? "indigo" : "gray"}>
            {t(agent.is_primary ? "agents.primary" : "agents.additional")}
          </Badge>
          <Badge variant="dot" color={agent.active ? "green" : "gray"}>
            {t(agent.active ? "agents.activeOn" : "agents.activeOff")}
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {agent.channels.map((c) => (
            <Tooltip key={c.id} label={t(c.active ? "agents.started" : "agents.ended")}>
              <Badge
                variant={c.active ? "filled" : "outline"}
                color={c.active ? "green" : "gray"}
                size="sm"
                tt="none"
                style={{ flexShrink: 0, overflow: "visible" }}
              >
                {c.name}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {agent.folders.map((f) => (
            <Anchor key={f.id} component={Link} to={`/knowledge?folder=${f.id}`} size="sm">
              {f.name}
            </Anchor>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {agent.flows.map((f) => (
            <Anchor key={f.id} component={Link} to={`/settings/flow/${f.id}`} size="sm">
              {f.title}
            </Anchor>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        {canEdit && (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t("agents.edit")} onClick={onEdit} data-testid={`agent-edit-${agent.id}`}>
              <IconPencil size={16} />
            </ActionIcon>
            <Tooltip label={t(agent.is_primary ? "agents.primaryKept" : "agents.beforeInvoice")} disabled={agent.removable}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("delete")}
                disabled={!agent.removable}
                onClick={onDelete}
                data-testid={`agent-delete-${agent.id}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /settings/virtualagents: the company's virtual agents, what they serve, and adding, editing and deleting them. */
export function VirtualAgentsPage() {
  const { t } = useTranslation("settings");
  const canEdit = usePermission("settings.edit");
  const list = useAgents();
  const [editing, setEditing] = useState<AgentView | "new" | null>(null);
  const [removing, setRemoving] = useState<AgentView | null>(null);
  const agents = list.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("agents.title")}</Title>
        {canEdit && (
          <Button onClick={() => setEditing("new")} data-testid="add-agent">
            {t("agents.add")}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        {list.isError || (list.data && !agents.length) ? (
          <ListEmpty failed={list.isError} onRetry={() => void list.refetch()} text={t("agents.empty")} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table data-testid="agents-table" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("agents.name")}</Table.Th>
                  <Table.Th>{t("agents.kind")}</Table.Th>
                  <Table.Th miw={160}>{t("agents.channels")}</Table.Th>
                  <Table.Th>{t("agents.folders")}</Table.Th>
                  <Table.Th>{t("agents.flows")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {agents.map((agent) => (
                  <AgentRow key={agent.id} agent={agent} canEdit={canEdit} onEdit={() => setEditing(agent)} onDelete={() => setRemoving(agent)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {editing && <AgentDialog agent={editing === "new" ? null : editing} agents={agents} onClose={() => setEditing(null)} />}
      {removing && <DeleteAgentDialog agent={removing} agents={agents} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
