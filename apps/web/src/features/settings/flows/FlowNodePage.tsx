import type { FlowNodeData } from "@holboo/core";
import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { notifyError } from "../../../lib/api.ts";
import { FlowNotFound } from "./FlowNotFound.tsx";
import { useFlow, useSaveFlowGraph } from "./flows.queries.ts";
import { NodeEditor } from "./NodeEditor.tsx";

/** /settings/flow/item/{id}?flow={flow}: one node's editor on a page of its own. */
export function FlowNodePage() {
  const { t } = useTranslation("flows");
  const { id } = useParams();
  const [search] = useSearchParams();
  const flowId = Number(search.get("flow"));
  const navigate = useNavigate();
  const flow = useFlow(flowId, flowId > 0);
  const node = flow.data?.graph.nodes.find((candidate) => candidate.id === id);
  const [data, setData] = useState<FlowNodeData | null>(null);
  const withThisNode = () => {
    const graph = flow.data?.graph;
    if (!graph || !node) throw new Error("no node");
    return { ...graph, nodes: graph.nodes.map((n) => (n.id === node.id ? { ...n, data: data ?? n.data } : n)) };
  };
  const save = useSaveFlowGraph(flowId, withThisNode, {
    onSuccess: () => {
      void navigate(`/settings/flow/${flowId}`);
    },
    onError: notifyError,
  });
  // A missing or wrong ?flow=, a flow of nobody here, or a node the flow does not have: the not-found state, never a blank page.
  if (!(flowId > 0) || flow.isError || (flow.data && !node)) return <FlowNotFound error={flow.error} onRetry={() => void flow.refetch()} />;
  if (!node) return null;
  return (
    <Stack maw={640}>
      <Group>
        <Button component={Link} to={`/settings/flow/${flowId}`} variant="subtle" size="compact-sm">
          ← {flow.data?.title}
        </Button>
        <Title order={3}>{t("editNode")}</Title>
      </Group>
      <Paper withBorder p="md">
        <NodeEditor kind={node.kind} data={data ?? node.data} onChange={setData} flowId={flowId} voice={flow.data?.voice ?? false} />
      </Paper>
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          {t("save")}
        </Button>
      </Group>
    </Stack>
  );
}
