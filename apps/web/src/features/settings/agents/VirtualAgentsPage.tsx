import type { AgentView } from "@holboo/core";
import { Anchor, Avatar, Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { deleteAction, editAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { usePermission } from "../../../lib/session.ts";
import { AgentDialog } from "./AgentDialog.tsx";
import { DeleteAgentDialog } from "./DeleteAgentDialog.tsx";
import { useAgents } from "./agents.queries.ts";

function AgentName({ agent }: { agent: AgentView }) {
  const { t } = useTranslation("settings");
  return (
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
  );
}

function AgentKind({ agent }: { agent: AgentView }) {
  const { t } = useTranslation("settings");
  return (
    <Group gap={4}>
      <Badge variant="light" color={agent.is_primary ? "indigo" : "gray"}>
        {t(agent.is_primary ? "agents.primary" : "agents.additional")}
      </Badge>
      <Badge variant="dot" color={agent.active ? "green" : "gray"}>
        {t(agent.active ? "agents.activeOn" : "agents.activeOff")}
      </Badge>
    </Group>
  );
}

function AgentChannels({ agent }: { agent: AgentView }) {
  const { t } = useTranslation("settings");
  return (
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
  );
}

/** Links to what the agent answers from: its knowledge folders or its flows. */
function AgentLinks({ links }: { links: Array<{ id: number; label: string; to: string }> }) {
  return (
    <Stack gap={2}>
      {links.map((link) => (
        <Anchor key={link.id} component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      ))}
    </Stack>
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
    <ListPage
      title={t("agents.title")}
      primaryAction={canEdit && { label: t("agents.add"), onClick: () => setEditing("new"), testId: "add-agent" }}
      query={list}
      rows={agents}
      empty={{ text: t("agents.empty") }}
      table={{
        testId: "agents-table",
        verticalSpacing: "sm",
        minWidth: 760,
        rowKey: (agent) => agent.id,
        rowTestId: (agent) => `agent-row-${agent.id}`,
        columns: [
          { key: "name", header: t("agents.name"), cell: (agent) => <AgentName agent={agent} /> },
          { key: "kind", header: t("agents.kind"), cell: (agent) => <AgentKind agent={agent} /> },
          { key: "channels", header: t("agents.channels"), th: { miw: 160 }, cell: (agent) => <AgentChannels agent={agent} /> },
          {
            key: "folders",
            header: t("agents.folders"),
            cell: (agent) => <AgentLinks links={agent.folders.map((f) => ({ id: f.id, label: f.name, to: `/knowledge?folder=${f.id}` }))} />,
          },
          {
            key: "flows",
            header: t("agents.flows"),
            cell: (agent) => <AgentLinks links={agent.flows.map((f) => ({ id: f.id, label: f.title, to: `/settings/flow/${f.id}` }))} />,
          },
        ],
        rowActions: canEdit
          ? (agent) => (
              <RowActions
                actions={[
                  editAction(t("agents.edit"), () => setEditing(agent), `agent-edit-${agent.id}`),
                  {
                    ...deleteAction(t("delete"), () => setRemoving(agent), `agent-delete-${agent.id}`),
                    disabled: !agent.removable,
                    tooltip: agent.removable ? undefined : t(agent.is_primary ? "agents.primaryKept" : "agents.beforeInvoice"),
                  },
                ]}
              />
            )
          : undefined,
      }}
    >
      {editing && <AgentDialog agent={editing === "new" ? null : editing} agents={agents} onClose={() => setEditing(null)} />}
      {removing && <DeleteAgentDialog agent={removing} agents={agents} onClose={() => setRemoving(null)} />}
    </ListPage>
  );
}
