/**
 * Steps a conversation through a flow graph, with no database: what the agent says, which actions it
 * takes and where the run stands afterwards. The runtime (flow-runtime.service.ts) stores the state and
 * carries out the effects; the test chat and the benchmark drive the same code.
 */
import type { FlowChoice, FlowGraph, FlowNode, FlowNodeKind, ResponseAction } from "@holboo/core";
import { FLOW_ANCHOR_FAIL, FLOW_ANCHOR_OK, LIMITS } from "@holboo/core";
import { wordsKey } from "../answers/text-match.service.ts";
import { nextNode, nodeOf } from "./flow-graph.ts";

export interface FlowFrame {
  flowId: number;
  versionId: number;
  returnTo: string;
}

export type RunStatus = "waiting" | "success" | "fail" | "ended";

export interface RunState {
  currentFlowId: number;
  versionId: number;
  nodeId: string;
  variables: Record<string, string>;
  stack: FlowFrame[];
  status: RunStatus | "running";
}

export type FlowEffect =
  | { kind: "say"; text: string; images: string[]; choices: string[] }
  | { kind: "action"; action: Exclude<ResponseAction, "none">; flowId: number }
  | { kind: "step"; flowId: number; nodeId: string; nodeKind: FlowNodeKind; result?: string };

export interface FlowIO {
  /** A version's graph (published versions never change, so it may be cached). */
  graph(versionId: number): Promise<FlowGraph | null>;
  /** The version a subflow enters: the flow's published one. */
  published(flowId: number): Promise<{ versionId: number } | null>;
  /** Calls an api node's endpoint; the mapped fields come back as variables, or the call failed. */
  callApi(endpointId: number, variables: Record<string, string>): Promise<{ ok: true; variables: Record<string, string> } | { ok: false; reason: string }>;
}

/** Fills `{{name}}` from the variables; a name without a value leaves nothing. */
export const fillTemplate = (template: string, variables: Record<string, string>): string =>
  template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g, (_, name: string) => variables[name] ?? "");

const labelKey = wordsKey;

/** The choice a reply picks: its number, or its label (Cyrillic or Latin-typed alike). */
export function pickChoice(choices: FlowChoice[], reply: string): FlowChoice | null {
  const trimmed = reply.trim();
  const number = /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : null;
  if (number !== null) return choices[number - 1] ?? null;
  const key = labelKey(trimmed);
  if (!key) return null;
  return (
    choices.find((choice) => labelKey(choice.label) === key) ??
    choices.find((choice) => key.includes(labelKey(choice.label)) && labelKey(choice.label).length >= 3) ??
    null
  );
}

export class FlowEngine {
  constructor(private readonly io: FlowIO) {}

  /** A run entering at a matched question node. */
  async enter(flowId: number, versionId: number, questionNodeId: string, variables: Record<string, string> = {}) {
    const state: RunState = { currentFlowId: flowId, versionId, nodeId: questionNodeId, variables, stack: [], status: "running" };
    return this.advance(state, null, [{ kind: "step", flowId, nodeId: questionNodeId, nodeKind: "question", result: "matched" }]);
  }

  /** A reply to a waiting run: the picked choice's edge, or null when the reply picks none. */
  async reply(state: RunState, text: string) {
    const graph = await this.io.graph(state.versionId);
    const node = graph && nodeOf(graph, state.nodeId);
    const choice = node ? pickChoice(node.data.choices ?? [], text) : null;
    if (!choice) return null;
    return this.advance({ ...state, status: "running" }, choice.id, [
      { kind: "step", flowId: state.currentFlowId, nodeId: state.nodeId, nodeKind: node?.kind ?? "button", result: choice.id },
    ]);
  }

  /** Leaves the current node by `anchor` and runs nodes until one waits or the flow ends. */
  private async advance(start: RunState, anchor: string | null, effects: FlowEffect[]): Promise<{ state: RunState; effects: FlowEffect[] }> {
    const state: RunState = { ...start, variables: { ...start.variables }, stack: [...start.stack] };
    let graph = await this.io.graph(state.versionId);
    let leaving: string | null = anchor;
    for (let steps = 0; ; steps++) {
      if (!graph) return this.finish(state, "fail", effects);
      if (steps > LIMITS.flowStepsPerTurnMax) return this.finish({ ...state, stack: [] }, "fail", effects);
      const next = nextNode(graph, state.nodeId, leaving);
      leaving = null;
      if (!next) {
        const ended = await this.end(state, anchor === FLOW_ANCHOR_FAIL ? "fail" : "ended", effects);
        if (ended.state.status !== "running") return ended;
        graph = await this.io.graph(ended.state.versionId);
        Object.assign(state, ended.state);
        leaving = anchor = ended.anchor;
        continue;
      }
      const node = nodeOf(graph, next);
      if (!node) return this.finish({ ...state, stack: [] }, "fail", effects);
      state.nodeId = node.id;
      const outcome = await this.run(node, state, effects);
      if (outcome.kind === "wait") return { state: { ...state, status: "waiting" }, effects };
      if (outcome.kind === "leave") {
        leaving = outcome.anchor;
        anchor = outcome.anchor;
        continue;
      }
      if (outcome.kind === "enter") {
        graph = await this.io.graph(state.versionId);
        const start = graph?.nodes.find((candidate) => candidate.kind === "start");
        if (!start) return this.finish({ ...state, stack: [] }, "fail", effects);
        state.nodeId = start.id;
        continue;
      }
      const ended = await this.end(state, outcome.result, effects);
      if (ended.state.status !== "running") return ended;
      Object.assign(state, ended.state);
      graph = await this.io.graph(state.versionId);
      leaving = anchor = ended.anchor;
    }
  }

  /** One node's work. */
  private async run(
    node: FlowNode,
    state: RunState,
    effects: FlowEffect[],
  ): Promise<{ kind: "wait" } | { kind: "leave"; anchor: string | null } | { kind: "enter" } | { kind: "end"; result: "success" | "fail" }> {
    const step = (result?: string) =>
      effects.push({ kind: "step", flowId: state.currentFlowId, nodeId: node.id, nodeKind: node.kind, ...(result ? { result } : {}) });
    const say = () => {
      const text = fillTemplate(node.data.text ?? "", state.variables).trim();
      const choices = (node.data.choices ?? []).map((choice) => fillTemplate(choice.label, state.variables));
      const images = node.data.images ?? [];
      if (text || choices.length || images.length) effects.push({ kind: "say", text, images, choices });
    };
    switch (node.kind) {
      case "start":
      case "question":
        step();
        return { kind: "leave", anchor: null };
      case "response":
      case "button": {
        step();
        say();
        if (node.data.action && node.data.action !== "none") effects.push({ kind: "action", action: node.data.action, flowId: state.currentFlowId });
        if (node.data.choices?.length) return { kind: "wait" };
        // Closing or handing over ends the agent's part of the conversation.
        if (node.data.action === "close" || node.data.action === "escalate") return { kind: "end", result: "success" };
        return { kind: "leave", anchor: null };
      }
      case "api": {
        const result = node.data.endpoint_id ? await this.io.callApi(node.data.endpoint_id, state.variables) : ({ ok: false, reason: "api_missing" } as const);
        if (result.ok) Object.assign(state.variables, result.variables);
        step(result.ok ? FLOW_ANCHOR_OK : `${FLOW_ANCHOR_FAIL}:${result.reason}`);
        return { kind: "leave", anchor: result.ok ? FLOW_ANCHOR_OK : FLOW_ANCHOR_FAIL };
      }
      case "subflow": {
        const target = node.data.flow_id ? await this.io.published(node.data.flow_id) : null;
        // Cycles are refused at publish; this bounds whatever slips through (a flow changed meanwhile).
        if (!target || !node.data.flow_id || state.stack.length >= LIMITS.flowSubflowDepthMax) {
          step(FLOW_ANCHOR_FAIL);
          return { kind: "leave", anchor: FLOW_ANCHOR_FAIL };
        }
        step("enter");
        state.stack.push({ flowId: state.currentFlowId, versionId: state.versionId, returnTo: node.id });
        state.currentFlowId = node.data.flow_id;
        state.versionId = target.versionId;
        return { kind: "enter" };
      }
      case "success":
      case "fail":
        step();
        say();
        return { kind: "end", result: node.kind };
    }
  }

  /** The end of the current flow: back to the calling subflow node (leaving by ok/fail), or the run's outcome. */
  private async end(
    state: RunState,
    result: "success" | "fail" | "ended",
    effects: FlowEffect[],
  ): Promise<{ state: RunState; effects: FlowEffect[]; anchor: string | null }> {
    const frame = state.stack.at(-1);
    if (!frame) return { ...(await this.finish(state, result, effects)), anchor: null };
    return {
      state: { ...state, stack: state.stack.slice(0, -1), currentFlowId: frame.flowId, versionId: frame.versionId, nodeId: frame.returnTo, status: "running" },
      effects,
      anchor: result === "fail" ? FLOW_ANCHOR_FAIL : FLOW_ANCHOR_OK,
    };
  }

  private async finish(state: RunState, result: RunStatus, effects: FlowEffect[]) {
    return { state: { ...state, status: result }, effects };
  }
}
