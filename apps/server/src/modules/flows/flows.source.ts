import type { KnowledgeDoc, KnowledgeSource } from "../answers/knowledge-doc.ts";
import type { Executor } from "../../platform/db/client.ts";
import type { Signals } from "../../platform/signals.ts";
import { publishedFlowsOf } from "./flows.repo.ts";

/** The signal channel on which processes tell each other that a company's published flows changed. */
export const FLOWS_CHANNEL = "holboo_flows_changed";

/** A question node's doc id: which flow, version and node a customer's message matched. */
export const questionDocId = (flowId: number, versionId: number, nodeId: string) => `flow:${flowId}:${versionId}:${nodeId}`;
export function parseQuestionDocId(id: string): { flowId: number; versionId: number; nodeId: string } | null {
  const match = /^flow:(\d+):(\d+):(.+)$/.exec(id);
  return match ? { flowId: Number(match[1]), versionId: Number(match[2]), nodeId: match[3] as string } : null;
}

/**
 * The question nodes of an agent's published flows, as docs for a second answer engine: a customer's
 * message is matched against their training phrases the way knowledge questions are (Cyrillic and
 * Latin-typed alike). Publishing, switching off or deleting a flow tells every process.
 */
export class FlowQuestions implements KnowledgeSource {
  private readonly listeners = new Set<(companyId: number | null) => void>();

  constructor(
    private readonly db: Executor,
    private readonly signals?: Signals,
  ) {
    signals?.on(
      FLOWS_CHANNEL,
      (payload) => {
        const companyId = Number(payload);
        if (Number.isInteger(companyId) && companyId > 0) this.tell(companyId);
      },
      () => this.tell(null),
    );
  }

  async load(companyId: number, agentId: number): Promise<KnowledgeDoc[]> {
    const docs: KnowledgeDoc[] = [];
    for (const flow of await publishedFlowsOf(this.db, companyId, agentId)) {
      for (const node of flow.graph.nodes) {
        const phrases = (node.data.phrases ?? []).map((phrase) => phrase.trim()).filter(Boolean);
        if (node.kind !== "question" || !phrases.length) continue;
        docs.push({
          id: questionDocId(flow.flowId, flow.versionId, node.id),
          kind: "qa",
          questions: phrases,
          answer: "",
          title: flow.title,
          sourceId: flow.flowId,
        });
      }
    }
    return docs;
  }

  onChange(listener: (companyId: number | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(companyId: number): void {
    this.tell(companyId);
    void this.signals?.publish(FLOWS_CHANNEL, String(companyId));
  }

  private tell(companyId: number | null): void {
    for (const listener of this.listeners) {
      try {
        listener(companyId);
      } catch {
        // a listener's own problem; the change is committed either way
      }
    }
  }
}
