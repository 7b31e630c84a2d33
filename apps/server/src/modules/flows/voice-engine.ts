/**
 * Steps a call through a call operator's flow, with no database and no PBX: which prompt to play, when to
 * wait for a key, a voicemail or the end of a prompt, where to transfer, when to hang up. The voice runtime
 * (channels/asterisk/call-operator.runtime.ts) stores the state and carries out the effects on ARI.
 */
import type { FlowNode, VoicePrompt, VoiceTransfer } from "@holboo/core";
import { FLOW_ANCHOR_FAIL, FLOW_ANCHOR_INVALID, FLOW_ANCHOR_NO_INPUT, FLOW_ANCHOR_OK, LIMITS } from "@holboo/core";
import type { FlowEffect, FlowIO } from "./flow-engine.ts";
import { nextNode, nodeOf } from "./flow-graph.ts";

export type VoiceAwait = "played" | "digit" | "recorded";
export type VoiceStatus = "waiting" | "success" | "fail" | "ended" | "transferred";

export interface VoiceState {
  flowId: number;
  versionId: number;
  nodeId: string;
  variables: Record<string, string>;
  awaiting: VoiceAwait | null;
  /** Wrong or missing keys at the current menu. */
  tries: number;
  status: VoiceStatus | "running";
}

export type VoiceEffect =
  | { kind: "play"; prompt: VoicePrompt }
  | { kind: "record"; maxSeconds: number }
  | { kind: "transfer"; target: VoiceTransfer }
  | { kind: "hangup" }
  | Extract<FlowEffect, { kind: "step" }>;

export type VoiceInput = { kind: "played" } | { kind: "digit"; digit: string } | { kind: "no_input" } | { kind: "recorded" };

type Outcome = { kind: "wait"; awaiting: VoiceAwait } | { kind: "leave"; anchor: string | null } | { kind: "end"; status: VoiceStatus };

const hasPrompt = (node: FlowNode) => !!(node.data.prompt?.mn || node.data.prompt?.en);

export class VoiceEngine {
  constructor(private readonly io: Pick<FlowIO, "graph" | "callApi">) {}

  /** A call entering the flow at its start node. */
  async start(flowId: number, versionId: number, startNodeId: string): Promise<{ state: VoiceState; effects: VoiceEffect[] }> {
    const state: VoiceState = { flowId, versionId, nodeId: startNodeId, variables: {}, awaiting: null, tries: 0, status: "running" };
    const effects: VoiceEffect[] = [{ kind: "step", flowId, nodeId: startNodeId, nodeKind: "start" }];
    return this.advance(state, null, effects);
  }

  /**
   * What the PBX reported for a waiting run: a prompt finished, a key, no key in time, a voicemail saved.
   * Null when the run does not await it (a stale or repeated report). A key pressed while a menu's
   * prompt plays is taken at once, as callers who know the menu do.
   */
  async resume(state: VoiceState, input: VoiceInput): Promise<{ state: VoiceState; effects: VoiceEffect[] } | null> {
    const graph = await this.io.graph(state.versionId);
    const node = graph && nodeOf(graph, state.nodeId);
    if (!graph || !node || state.status !== "waiting") return null;
    const effects: VoiceEffect[] = [];
    const current: VoiceState = { ...state, variables: { ...state.variables }, status: "running" };
    const menu = node.kind === "button";
    if (input.kind === "played" && state.awaiting === "played") return this.settle(current, node, this.afterPrompt(node, effects), effects);
    if (input.kind === "recorded" && state.awaiting === "recorded") {
      effects.push(this.step(current, node, "recorded"));
      return this.advance(current, null, effects);
    }
    if (menu && input.kind === "digit" && (state.awaiting === "digit" || state.awaiting === "played")) {
      const choice = (node.data.choices ?? []).find((candidate) => candidate.digit === input.digit);
      if (choice) {
        effects.push(this.step(current, node, choice.id));
        return this.advance({ ...current, tries: 0 }, choice.id, effects);
      }
      return this.retry(current, node, FLOW_ANCHOR_INVALID, effects);
    }
    if (menu && input.kind === "no_input" && state.awaiting === "digit") return this.retry(current, node, FLOW_ANCHOR_NO_INPUT, effects);
    return null;
  }

  /** A wrong key or none: the menu again, until its retries are used up; then the no_input or invalid edge. */
  private async retry(state: VoiceState, node: FlowNode, anchor: string, effects: VoiceEffect[]) {
    const tries = state.tries + 1;
    effects.push(this.step(state, node, anchor));
    if (tries > (node.data.retries ?? LIMITS.voiceRetriesDefault)) return this.advance({ ...state, tries: 0 }, anchor, effects);
    effects.push({ kind: "play", prompt: node.data.prompt ?? {} });
    return { state: { ...state, tries, awaiting: "played" as const, status: "waiting" as const }, effects };
  }

  private settle(state: VoiceState, node: FlowNode, outcome: Outcome, effects: VoiceEffect[]) {
    if (outcome.kind === "wait") return Promise.resolve({ state: { ...state, awaiting: outcome.awaiting, status: "waiting" as const }, effects });
    if (outcome.kind === "end") return Promise.resolve(this.finish(state, outcome.status, effects));
    return this.advance(state, outcome.anchor, effects);
  }

  /** Leaves the current node by `anchor` and runs nodes until one waits or the call leaves the flow. */
  private async advance(start: VoiceState, anchor: string | null, effects: VoiceEffect[]): Promise<{ state: VoiceState; effects: VoiceEffect[] }> {
    const state: VoiceState = { ...start, awaiting: null };
    const graph = await this.io.graph(state.versionId);
    let leaving = anchor;
    for (let steps = 0; ; steps++) {
      if (!graph || steps > LIMITS.flowStepsPerTurnMax) return this.finish(state, "fail", effects);
      const next = nextNode(graph, state.nodeId, leaving);
      if (!next) return this.finish(state, leaving === FLOW_ANCHOR_FAIL ? "fail" : "ended", effects);
      const node = nodeOf(graph, next);
      if (!node) return this.finish(state, "fail", effects);
      state.nodeId = node.id;
      const outcome = await this.run(node, state, effects);
      if (outcome.kind === "wait") return { state: { ...state, awaiting: outcome.awaiting, status: "waiting" }, effects };
      if (outcome.kind === "end") return this.finish(state, outcome.status, effects);
      leaving = outcome.anchor;
    }
  }

  /** One node on entering it: its prompt first when it has one, then what the node does. */
  private async run(node: FlowNode, state: VoiceState, effects: VoiceEffect[]): Promise<Outcome> {
    if (node.kind === "api") {
      const result = node.data.endpoint_id ? await this.io.callApi(node.data.endpoint_id, state.variables) : ({ ok: false, reason: "api_missing" } as const);
      if (result.ok) Object.assign(state.variables, result.variables);
      effects.push(this.step(state, node, result.ok ? FLOW_ANCHOR_OK : `${FLOW_ANCHOR_FAIL}:${result.reason}`));
      return { kind: "leave", anchor: result.ok ? FLOW_ANCHOR_OK : FLOW_ANCHOR_FAIL };
    }
    // Typed questions and subflows are refused in a call operator's flow at publish; a call that meets one ends.
    if (node.kind === "question" || node.kind === "subflow") return { kind: "end", status: "fail" };
    effects.push(this.step(state, node));
    if (node.kind === "start") return { kind: "leave", anchor: null };
    if (hasPrompt(node)) {
      effects.push({ kind: "play", prompt: node.data.prompt ?? {} });
      return { kind: "wait", awaiting: "played" };
    }
    return this.afterPrompt(node, effects);
  }

  /** What a node does once its prompt has played (or at once without one). */
  private afterPrompt(node: FlowNode, effects: VoiceEffect[]): Outcome {
    if (node.kind === "button") return { kind: "wait", awaiting: "digit" };
    if (node.kind === "success" || node.kind === "fail") return { kind: "end", status: node.kind };
    if (node.data.voicemail_max_s) {
      effects.push({ kind: "record", maxSeconds: node.data.voicemail_max_s });
      return { kind: "wait", awaiting: "recorded" };
    }
    if (node.data.action === "escalate") {
      effects.push({ kind: "transfer", target: node.data.transfer ?? { to: "queue" } });
      return { kind: "end", status: "transferred" };
    }
    if (node.data.action === "close") return { kind: "end", status: "success" };
    return { kind: "leave", anchor: null };
  }

  private step(state: VoiceState, node: FlowNode, result?: string): VoiceEffect {
    return { kind: "step", flowId: state.flowId, nodeId: node.id, nodeKind: node.kind, ...(result ? { result } : {}) };
  }

  /** The call leaves the flow: transferred to people, or the operator hangs up. */
  private finish(state: VoiceState, status: VoiceStatus, effects: VoiceEffect[]) {
    if (status !== "transferred") effects.push({ kind: "hangup" });
    return { state: { ...state, awaiting: null, status }, effects };
  }
}
