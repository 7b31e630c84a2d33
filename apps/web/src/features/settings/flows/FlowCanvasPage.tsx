import "@xyflow/react/dist/style.css";
import type { FlowGraph, FlowNodeData, FlowNodeKind, FlowProblem, FlowView } from "@holboo/core";
import { FLOW_EDGE_TYPES, FLOW_NODE_COLOURS, FLOW_NODE_KINDS, VOICE_LANGUAGES, type FlowEdgeType } from "@holboo/core";
import { Alert, Badge, Button, Drawer, Group, List, Paper, Select, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useUpdateNodeInternals,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
  type NodeProps,
} from "@xyflow/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { notifyError } from "../../../lib/api.ts";
import { ApiError, http } from "../../../lib/http.ts";
import { usePermission } from "../../../lib/session.ts";
import { STATUS_COLOURS } from "./FlowsPage.tsx";
import { NodeEditor } from "./NodeEditor.tsx";
import { TestChat } from "./TestChat.tsx";
import { autoLayout, defaultData, EDGE_RENDERING, newId, NODE_SIZE, sourceAnchors, toCanvas, toGraph, type CanvasNode } from "./graph.ts";

/** Spec §9: zoom 0.1–5, drag threshold 2 px. */
const ZOOM = { min: 0.1, max: 5 };
const DRAG_THRESHOLD = 2;
const HISTORY_MAX = 100;
/** Kinds a call operator cannot run (callers neither type questions nor enter subflows yet): left out of its palette. */
const CHAT_ONLY_KINDS = new Set<FlowNodeKind>(["question", "subflow"]);

/** What a call operator's node does, on the canvas: 🔊 with its prompt's languages, the transfer, the voicemail. */
function voiceSummary(data: FlowNodeData, t: (key: string, options?: Record<string, unknown>) => string): string {
  const languages = VOICE_LANGUAGES.filter((language) => data.prompt?.[language]).map((language) => language.toUpperCase());
  const parts = [
    data.prompt ? `${t("voice.prompt")}: ${languages.join("/") || "—"}` : "",
    data.transfer
      ? t(data.transfer.to === "extension" ? "voice.toExtension" : "voice.toQueue", {
          extension: data.transfer.to === "extension" ? data.transfer.extension : "",
        })
      : "",
    data.voicemail_max_s ? t("voice.modes.voicemail") : "",
  ];
  return parts.filter(Boolean).join(" · ");
}

/** An exit's label under its handle: a digit menu's key, a choice's label, or the exit's name. */
function anchorLabel(data: FlowNodeData, anchor: string | null, t: (key: string) => string): string {
  const choice = data.choices?.find((c) => c.id === anchor);
  if (choice) return choice.digit ?? choice.label;
  return t(`anchors.${anchor ?? "next"}`);
}

function FlowNodeView({ id, data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation("flows");
  const anchors = sourceAnchors(data.kind, data.data);
  // React Flow measures handles once; a choice added or removed in the editor changes them.
  const updateNodeInternals = useUpdateNodeInternals();
  const anchorKey = anchors.join("|");
  useEffect(() => updateNodeInternals(id), [id, anchorKey, updateNodeInternals]);
  const colour = FLOW_NODE_COLOURS[data.kind];
  const summary =
    data.kind === "question"
      ? (data.data.phrases ?? []).filter(Boolean).join(" · ")
      : data.kind === "api"
        ? data.data.endpoint_id
          ? `#${data.data.endpoint_id}`
          : ""
        : voiceSummary(data.data, t) || (data.data.text ?? "");
  return (
    <div
      data-testid={`canvas-node-${data.kind}`}
      style={{
        width: NODE_SIZE.width,
        minHeight: NODE_SIZE.height,
        borderRadius: 8,
        background: "white",
        border: `2px solid ${colour}`,
        boxShadow: selected ? `0 0 0 3px ${colour}55` : undefined,
        fontSize: 12,
      }}
    >
      {data.kind !== "start" && data.kind !== "question" && <Handle type="target" position={Position.Top} />}
      <div style={{ background: colour, color: "white", padding: "2px 8px", fontWeight: 600, borderRadius: "5px 5px 0 0" }}>{t(`kinds.${data.kind}`)}</div>
      <div style={{ padding: "4px 8px", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{summary || "—"}</div>
      {anchors.some((anchor) => anchor !== null) && (
        <div style={{ display: "flex", justifyContent: "space-around", padding: "0 4px 10px", fontSize: 10, color: "#666" }}>
          {anchors.map((anchor) => (
            <span key={anchor}>{anchorLabel(data.data, anchor, t)}</span>
          ))}
        </div>
      )}
      {anchors.map((anchor, index) => (
        <Handle
          key={anchor ?? "next"}
          id={anchor ?? undefined}
          type="source"
          position={Position.Bottom}
          style={{ left: `${((index + 1) / (anchors.length + 1)) * 100}%`, background: anchor === "fail" ? FLOW_NODE_COLOURS.fail : colour }}
        />
      ))}
    </div>
  );
}
const NODE_TYPES = { flowNode: FlowNodeView };

function Canvas({ flow }: { flow: FlowView }) {
  const { t } = useTranslation("flows");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const { screenToFlowPosition, fitView } = useReactFlow();
  const initial = toCanvas(flow.graph);
  const [nodes, setNodes] = useState<CanvasNode[]>(initial.nodes);
  const [edges, setEdges] = useState<Edge[]>(initial.edges);
  const [edgeType, setEdgeType] = useState<FlowEdgeType>("smooth");
  const [editing, setEditing] = useState<string | null>(null);
  const [problems, setProblems] = useState<FlowProblem[]>([]);
  const [dirty, setDirty] = useState(false);
  const past = useRef<FlowGraph[]>([]);
  const future = useRef<FlowGraph[]>([]);
  const clipboard = useRef<{ nodes: CanvasNode[]; edges: Edge[] } | null>(null);

  /** Every change that matters is undoable: the graph before it goes on the stack. */
  const remember = useCallback(() => {
    past.current = [...past.current.slice(-HISTORY_MAX + 1), toGraph(nodes, edges)];
    future.current = [];
    setDirty(true);
  }, [nodes, edges]);
  const restore = (graph: FlowGraph) => {
    const canvas = toCanvas(graph);
    setNodes(canvas.nodes);
    setEdges(canvas.edges);
    setDirty(true);
  };
  const undo = () => {
    const previous = past.current.pop();
    if (!previous) return;
    future.current.push(toGraph(nodes, edges));
    restore(previous);
  };
  const redo = () => {
    const next = future.current.pop();
    if (!next) return;
    past.current.push(toGraph(nodes, edges));
    restore(next);
  };
  const copy = () => {
    const picked = nodes.filter((node) => node.selected);
    const ids = new Set(picked.map((node) => node.id));
    clipboard.current = { nodes: picked, edges: edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target)) };
  };
  const paste = () => {
    const copied = clipboard.current;
    if (!copied?.nodes.length) return;
    remember();
    const ids = new Map(copied.nodes.map((node) => [node.id, newId(node.data.kind)]));
    const pasted = copied.nodes.map((node) => ({
      ...node,
      id: ids.get(node.id) ?? newId("n"),
      selected: true,
      position: { x: node.position.x + 40, y: node.position.y + 40 },
    }));
    const pastedEdges = copied.edges.map((edge) => ({
      ...edge,
      id: newId("e"),
      source: ids.get(edge.source) ?? edge.source,
      target: ids.get(edge.target) ?? edge.target,
    }));
    setNodes((current) => [...current.map((node) => ({ ...node, selected: false })), ...pasted]);
    setEdges((current) => [...current, ...pastedEdges]);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else if (key === "c") copy();
      else if (key === "v") paste();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const onNodesChange = (changes: NodeChange<CanvasNode>[]) => {
    if (changes.some((change) => change.type === "remove" || (change.type === "position" && !change.dragging))) remember();
    setNodes((current) => applyNodeChanges(changes, current));
    if (changes.some((change) => change.type === "position")) setDirty(true);
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    if (changes.some((change) => change.type === "remove")) remember();
    setEdges((current) => applyEdgeChanges(changes, current));
  };
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
    window.setTimeout(() => void fitView({ padding: 0.2 }), 50);
  };

  const save = useMutation({
    mutationFn: () => http.put<FlowView>(`/api/flows/${flow.id}`, { graph: toGraph(nodes, edges) }),
    onSuccess: (saved) => {
      setDirty(false);
      client.setQueryData(["flow", flow.id], saved);
    },
    onError: notifyError,
  });
  const publish = useMutation({
    mutationFn: async () => {
      await save.mutateAsync();
      const found = await http.get<{ problems: FlowProblem[] }>(`/api/flows/${flow.id}/problems`);
      setProblems(found.problems);
      if (found.problems.length) return null;
      return http.post<FlowView>(`/api/flows/${flow.id}/status`, { status: "published" });
    },
    onSuccess: (published) => {
      if (published) {
        client.setQueryData(["flow", flow.id], published);
        void client.invalidateQueries({ queryKey: ["flows"] });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && typeof error.details.problems === "string") setProblems(JSON.parse(error.details.problems) as FlowProblem[]);
      else notifyError(error);
    },
  });
  const switchOff = useMutation({
    mutationFn: () => http.post<FlowView>(`/api/flows/${flow.id}/status`, { status: "off" }),
    onSuccess: (off) => client.setQueryData(["flow", flow.id], off),
    onError: notifyError,
  });
  const current = client.getQueryData<FlowView>(["flow", flow.id]) ?? flow;
  const editedNode = nodes.find((node) => node.id === editing);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group>
          <Button component={Link} to="/settings/flow" variant="subtle" size="compact-sm">
            ← {t("title")}
          </Button>
          <Title order={3}>{current.title}</Title>
          <Badge color={STATUS_COLOURS[current.status]} variant="light" data-testid="flow-status">
            {t(`statuses.${current.status}`)}
            {current.version ? ` · v${current.version}` : ""}
          </Badge>
        </Group>
        {canEdit && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={undo} aria-label={t("undo")}>
              {t("undo")}
            </Button>
            <Button variant="default" size="xs" onClick={redo} aria-label={t("redo")}>
              {t("redo")}
            </Button>
            <Button variant="default" size="xs" onClick={arrange} data-testid="flow-arrange">
              {t("arrange")}
            </Button>
            <Button variant="default" size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty} data-testid="flow-save">
              {t("save")}
            </Button>
            {current.status === "published" && (
              <Button variant="light" color="orange" size="xs" onClick={() => switchOff.mutate()}>
                {t("switchOff")}
              </Button>
            )}
            <Button size="xs" onClick={() => publish.mutate()} loading={publish.isPending} data-testid="flow-publish">
              {t("publish")}
            </Button>
          </Group>
        )}
      </Group>
      {problems.length > 0 && (
        <Alert color="red" title={t("problemsTitle")} data-testid="flow-problems" withCloseButton onClose={() => setProblems([])}>
          <List size="sm">
            {problems.map((problem, index) => (
              <List.Item key={index}>
                <UnstyledButton onClick={() => problem.node_id && setEditing(problem.node_id)}>
                  {t(`problems.${problem.code}`)}
                  {problem.node_id ? ` (${problem.node_id})` : ""}
                </UnstyledButton>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group align="stretch" wrap="nowrap" gap="sm">
        {canEdit && (
          <Paper withBorder p="xs" w={150}>
            <Stack gap={6}>
              <Text size="xs" fw={600}>
                {t("addNode")}
              </Text>
              {FLOW_NODE_KINDS.filter((kind) => !flow.voice || !CHAT_ONLY_KINDS.has(kind)).map((kind) => (
                <Button key={kind} size="compact-sm" color={FLOW_NODE_COLOURS[kind]} onClick={() => addNode(kind)} data-testid={`palette-${kind}`}>
                  {t(`kinds.${kind}`)}
                </Button>
              ))}
              <Select
                size="xs"
                label={t("edgeType")}
                data={FLOW_EDGE_TYPES.map((type) => ({ value: type, label: t(`edgeTypes.${type}`) }))}
                value={edgeType}
                onChange={(value) => setEdgeType((value ?? "smooth") as FlowEdgeType)}
                allowDeselect={false}
              />
            </Stack>
          </Paper>
        )}
        <Paper withBorder style={{ flex: 1, height: "calc(100vh - 220px)", minHeight: 480 }} data-testid="flow-canvas">
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
            fitView
          >
            <Background gap={20} />
            <Controls />
            <MiniMap nodeColor={(node) => FLOW_NODE_COLOURS[(node as CanvasNode).data.kind]} pannable zoomable />
          </ReactFlow>
        </Paper>
        <TestChat flowId={flow.id} beforeSend={async () => (dirty ? void (await save.mutateAsync()) : undefined)} />
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
  const flow = useQuery({ queryKey: ["flow", Number(id)], queryFn: () => http.get<FlowView>(`/api/flows/${id}`) });
  if (!flow.data) return null;
  return (
    <ReactFlowProvider>
      <Canvas key={flow.data.id} flow={flow.data} />
    </ReactFlowProvider>
  );
}
