import type { AgentView } from "@holboo/core";
import { Checkbox, Stack, Switch, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCompanyChannels } from "../channels/channels.queries.ts";

/** Which channels the agent serves (by id), each started or ended. */
export type Served = Record<number, boolean>;

/** The channels an agent may serve; one another agent serves actively cannot be taken. */
export function AgentChannelsPicker(props: {
  agent: AgentView | null;
  agents: AgentView[];
  served: Served;
  onChange: (served: Served) => void;
  error?: string;
}) {
  const { agent, served, onChange } = props;
  const { t } = useTranslation("settings");
  const channels = useCompanyChannels();
  const byId = new Map(props.agents.map((a) => [a.id, a]));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("agents.channels")}
      </Text>
      {channels.data && !channels.data.items.length ? (
        <Text size="sm" c="dimmed">
          {t("agents.noChannels")}
        </Text>
      ) : (
        <Table data-testid="agent-channels">
          <Table.Tbody>
            {channels.data?.items.map((channel) => {
              const other = channel.agent_id !== null && channel.agent_id !== agent?.id ? byId.get(channel.agent_id) : undefined;
              const takenElsewhere = !!other && channel.agent_active;
              const serving = channel.id in served;
              return (
                <Table.Tr key={channel.id}>
                  <Table.Td>
                    <Checkbox
                      label={channel.name}
                      checked={serving}
                      disabled={takenElsewhere}
                      data-testid={`agent-channel-${channel.id}`}
                      onChange={(e) => {
                        const next = { ...served };
                        if (e.currentTarget.checked) next[channel.id] = true;
                        else delete next[channel.id];
                        onChange(next);
                      }}
                    />
                    {other && (
                      <Text size="xs" c="dimmed" ml={30}>
                        {t(takenElsewhere ? "agents.servedBy" : "agents.endedBy", { name: other.name })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {serving && (
                      <Switch
                        size="xs"
                        label={t(served[channel.id] ? "agents.started" : "agents.ended")}
                        checked={served[channel.id] ?? false}
                        onChange={(e) => onChange({ ...served, [channel.id]: e.currentTarget.checked })}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {props.error && (
        <Text size="xs" c="red" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
