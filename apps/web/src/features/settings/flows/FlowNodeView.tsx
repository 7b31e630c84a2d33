import type { FlowNodeData } from "@holboo/core";
import { acceptsEdges, FLOW_NODE_COLOURS, VOICE_LANGUAGES } from "@holboo/core";
import { Handle, Position, useUpdateNodeInternals, type NodeProps } from "@xyflow/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCustomApis } from "./flows.queries.ts";
import { NODE_SIZE, sourceAnchors, type CanvasNode } from "./graph.ts";

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

/** One node on the canvas: its kind, a one-line summary, and a handle per exit. */
function FlowNodeView({ id, data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation("flows");
  const anchors = sourceAnchors(data.kind, data.data);
  // React Flow measures handles once; a choice added or removed in the editor changes them.
  const updateNodeInternals = useUpdateNodeInternals();
  const anchorKey = anchors.join("|");
  useEffect(() => updateNodeInternals(id), [id, anchorKey, updateNodeInternals]);
  const colour = FLOW_NODE_COLOURS[data.kind];
  // An api node names its endpoint (one cached list for every api node of the canvas); a deleted one says so.
  const endpoints = useCustomApis(data.kind === "api" && !!data.data.endpoint_id);
  const endpointName = () => {
    if (!data.data.endpoint_id || !endpoints.data) return "";
    return endpoints.data.items.find((endpoint) => endpoint.id === data.data.endpoint_id)?.name ?? t("endpointMissing");
  };
  const summary =
    data.kind === "question"
      ? (data.data.phrases ?? []).filter(Boolean).join(" · ")
      : data.kind === "api"
        ? endpointName()
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
      {acceptsEdges(data.kind) && <Handle type="target" position={Position.Top} />}
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
/** The canvas's node renderers, by React Flow node type. */
export const NODE_TYPES = { flowNode: FlowNodeView };
