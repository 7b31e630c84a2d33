import type { Executor } from "../../platform/db/client.ts";
import { findVirtualAgent } from "../companies/companies.lookup.ts";
import { CompanyChanges } from "../../platform/company-changes.ts";
import type { Signals } from "../../platform/signals.ts";
import type { KnowledgeDoc, KnowledgeSource } from "../answers/knowledge-doc.ts";
import { publishedArticlesOfAgent } from "./articles.repo.ts";
import { docPassages } from "./knowledge.text.ts";
import { activePairsFor } from "./qa.repo.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's knowledge source, for the answer engine and tests. */
    knowledge: KnowledgeHub;
  }
}

/** The signal channel on which processes tell each other that a company's knowledge changed. */
export const KNOWLEDGE_CHANNEL = "holboo_knowledge_changed";

/**
 * What the answer engine reads: an agent's active Q&A pairs and the passages of the published articles
 * in the folders assigned to it. Services call `changed` after every committed edit of a company's knowledge;
 * with signals, every other process sharing the database hears it too.
 */
export class KnowledgeHub implements KnowledgeSource {
  private readonly changes: CompanyChanges;

  constructor(
    private readonly db: Executor,
    signals?: Signals,
  ) {
    this.changes = new CompanyChanges(KNOWLEDGE_CHANNEL, signals);
  }

  async load(companyId: number, agentId: number): Promise<KnowledgeDoc[]> {
    if (!(await findVirtualAgent(this.db, companyId, agentId))) return [];
    const articles = await publishedArticlesOfAgent(this.db, companyId, agentId);
    const pairs = await activePairsFor(
      this.db,
      companyId,
      articles.map((a) => a.id),
    );
    const docs: KnowledgeDoc[] = pairs.map((pair) => ({
      id: `qa:${pair.id}`,
      kind: "qa",
      questions: [pair.question, ...pair.variants],
      answer: pair.answer,
      title: pair.question,
      sourceId: pair.id,
    }));
    for (const article of articles) {
      docPassages(article.content).forEach((passage, index) => {
        docs.push({
          id: `article:${article.id}:${index}`,
          kind: "passage",
          questions: passage.path,
          answer: passage.text,
          title: article.name,
          sourceId: article.id,
        });
      });
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
