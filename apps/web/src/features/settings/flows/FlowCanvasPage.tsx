import "@xyflow/react/dist/style.css";
import type { FlowNodeKind, FlowView } from "@holboo/core";
import { FLOW_NODE_COLOURS, type FlowEdgeType } from "@holboo/core";
import { Alert, Box, Button, Drawer, Group, Paper, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { addEdge, Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow, type Connection } from "@xyflow/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { usePermission } from "../../../lib/session.ts";
import { FlowCanvasHeader, FlowProblems } from "./FlowCanvasHeader.tsx";
import { NODE_TYPES } from "./FlowNodeView.tsx";
import { flowDetailKeys } from "./flows.keys.ts";
import { useFlow, useFlowActions } from "./flows.queries.ts";
import { FlowNotFound } from "./FlowNotFound.tsx";
import { autoLayout, defaultData, EDGE_RENDERING, newId, OPENING_MAX_ZOOM, openingViewport, READABLE_ZOOM, toGraph, type CanvasNode } from "./graph.ts";
import { NodeEditor } from "./NodeEditor.tsx";
import { NodePalette } from "./NodePalette.tsx";
import { TestChat } from "./TestChat.tsx";
import { useCanvasGraph } from "./useCanvasGraph.ts";

/** Spec §9: zoom 0.1–5, drag threshold 2 px. */
const ZOOM = { min: 0.1, max: 5 };
const DRAG_THRESHOLD = 2;
/** "Fit view" (the control and after arranging) shows as much of the flow as stays readable, never magnified past real size. */
const FIT_VIEW = { padding: 0.1, minZoom: READABLE_ZOOM, maxZoom: OPENING_MAX_ZOOM };

function Canvas({ flow }: { flow: FlowView }) {
  const { t } = useTranslation("flows");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const { screenToFlowPosition, fitView, setViewport } = useReactFlow();
  const frame = useRef<HTMLDivElement>(null);
  const [testing, setTesting] = useState(false);
  const { nodes, setNodes, edges, setEdges, dirty, setDirty, remember, undo, redo, onNodesChange, onEdgesChange, undrawable } = useCanvasGraph(flow.graph);
  const [edgeType, setEdgeType] = useState<FlowEdgeType>("smooth");
  const [editing, setEditing] = useState<string | null>(null);
  // Fitting the view waits for the arranged positions to reach the canvas: a timer could fire first on a busy
  // machine and fit the old positions, leaving the arranged nodes out of sight.
  const [arranged, setArranged] = useState(0);
  useEffect(() => {
    if (arranged) void fitView(FIT_VIEW);
  }, [arranged, fitView]);
  const { save, publish, switchOff, problems, setProblems } = useFlowActions(
    flow,
    () => toGraph(nodes, edges),
    () => setDirty(false),
  );

  const onConnect = (connection: Connection) => {
    remember();
    setEdges((current) => addEdge({ ...connection, id: newId("e"), type: EDGE_RENDERING[edgeType] }, current));
  };
  const addNode = (kind: FlowNodeKind) => {
    remember();
    const position = screenToFlowPosition({ x: window.innerWidth / 2, y: window.innerHeight / 2 });
    const id = newId(kind);
    setNodes((current) => [
      ...current.map((node) => ({ ...node, selected: false })),
      { id, type: "flowNode", position, selected: true, data: { kind, data: defaultData(kind, flow.voice) } },
    ]);
    setEditing(id);
  };
  const arrange = () => {
    remember();
    setNodes((current) => autoLayout(current, edges));
    setArranged((count) => count + 1);
  };

  const current = client.getQueryData<FlowView>(flowDetailKeys.one(flow.id)) ?? flow;
  const editedNode = nodes.find((node) => node.id === editing);

  return (
    <Stack gap="sm">
      <FlowCanvasHeader
        flow={current}
        canEdit={canEdit}
        dirty={dirty}
        saving={save.isPending}
        publishing={publish.isPending}
        onUndo={undo}
        onRedo={redo}
        onArrange={arrange}
        onSave={() => save.mutate()}
        onPublish={() => publish.mutate()}
        onSwitchOff={() => switchOff.mutate()}
        testing={testing}
        onToggleTest={() => setTesting((open) => !open)}
      />
      <FlowProblems problems={problems} onPick={setEditing} onClose={() => setProblems([])} />
      {undrawable.length > 0 && (
        <Alert color="orange" data-testid="flow-undrawable">
          {t("undrawable", { count: undrawable.length, edges: undrawable.map((edge) => `${edge.from} → ${edge.to}`).join(", ") })}
        </Alert>
      )}
      <Group align="stretch" wrap="nowrap" gap="sm">
        {canEdit && <NodePalette voice={flow.voice} edgeType={edgeType} onEdgeType={setEdgeType} onAdd={addNode} />}
        <Paper ref={frame} withBorder style={{ flex: 1, minWidth: 0, height: "calc(100vh - 220px)", minHeight: 480 }} data-testid="flow-canvas">
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onNodeDoubleClick={(_, node) => setEditing(node.id)}
            // A double click opens the node's editor; zooming on it too moved the canvas under the drawer.
            zoomOnDoubleClick={false}
            minZoom={ZOOM.min}
            maxZoom={ZOOM.max}
            nodeDragThreshold={DRAG_THRESHOLD}
            deleteKeyCode={canEdit ? ["Backspace", "Delete"] : null}
            nodesDraggable={canEdit}
            nodesConnectable={canEdit}
            // The flow opens whole when it fits at a readable size, else readable at its start (not magnified onto it).
            onInit={() => {
              const size = { width: frame.current?.clientWidth ?? 0, height: frame.current?.clientHeight ?? 0 };
              void setViewport(openingViewport(flow.graph.nodes, size));
            }}
          >
            <Background gap={20} />
            <Controls fitViewOptions={FIT_VIEW} />
            <MiniMap nodeColor={(node) => FLOW_NODE_COLOURS[(node as CanvasNode).data.kind]} pannable zoomable />
          </ReactFlow>
        </Paper>
        {/* Kept mounted while hidden, so closing it keeps the conversation; open, it takes room from the canvas. */}
        <Box display={testing ? undefined : "none"}>
          <TestChat flowId={flow.id} beforeSend={async () => (dirty ? void (await save.mutateAsync()) : undefined)} />
        </Box>
      </Group>
      <Drawer opened={!!editedNode} onClose={() => setEditing(null)} position="right" title={t("editNode")} size="md">
        {editedNode && (
          <Stack>
            <NodeEditor
              kind={editedNode.data.kind}
              data={editedNode.data.data}
              flowId={flow.id}
              voice={flow.voice}
              onChange={(data) => {
                setDirty(true);
                setNodes((all) => all.map((node) => (node.id === editedNode.id ? { ...node, data: { ...node.data, data } } : node)));
              }}
            />
            <Group justify="space-between">
              <Button component={Link} to={`/settings/flow/item/${encodeURIComponent(editedNode.id)}?flow=${flow.id}`} variant="subtle" size="xs">
                {t("openEditor")}
              </Button>
              <Button size="xs" onClick={() => setEditing(null)} data-testid="node-done">
                {t("done")}
              </Button>
            </Group>
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}

/** /settings/flow/{flow}: the canvas (loaded with this route only: React Flow and dagre stay off the first screen). */
export function FlowCanvasPage() {
  const { flow: id } = useParams();
  const flow = useFlow(Number(id));
  if (flow.isError) return <FlowNotFound error={flow.error} onRetry={() => void flow.refetch()} />;
  if (!flow.data) return null;
  return (
    <ReactFlowProvider>
      <Canvas key={flow.data.id} flow={flow.data} />
    </ReactFlowProvider>
  );
}
