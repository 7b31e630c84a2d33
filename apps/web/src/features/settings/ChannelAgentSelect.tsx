import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAgents } from "../knowledge/knowledge.queries.ts";

/**
 * The virtual agent that serves a channel: one of the company's social agents (an inactive one is marked),
 * or none, when only people answer. Choosing none is reported as null.
 */
export function ChannelAgentSelect(props: { value: number | null; onChange: (agentId: number | null) => void; error?: React.ReactNode; testId?: string }) {
  const { t } = useTranslation("channels");
  const agents = useAgents();
  const socialAgents = (agents.data?.items ?? []).filter((agent) => agent.agent_type === "social_agent");
  return (
    <Select
      label={t("fields.agent")}
      placeholder={t("fields.agentNone")}
      clearable
      data={socialAgents.map((agent) => ({
        value: String(agent.id),
        label: agent.active ? agent.name : `${agent.name} (${t("fields.agentInactive")})`,
      }))}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value === null ? null : Number(value))}
      error={props.error}
      data-testid={props.testId}
    />
  );
}
