import type { KnowledgeDoc, KnowledgeSource } from "../answers/knowledge-doc.ts";
import type { Executor } from "../../platform/db/client.ts";
import { CompanyChanges } from "../../platform/company-changes.ts";
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
  private readonly changes: CompanyChanges;

  constructor(
    private readonly db: Executor,
    signals?: Signals,
  ) {
    this.changes = new CompanyChanges(FLOWS_CHANNEL, signals);
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
    return this.changes.onChange(listener);
  }

  /** Tells this process's listeners at once, and the other processes through a signal. */
  changed(companyId: number): void {
    this.changes.changed(companyId);
  }
}
