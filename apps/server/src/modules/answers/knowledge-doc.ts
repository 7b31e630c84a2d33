/** What the answer engine answers from: one active Q&A pair or one passage of a published article. */
export interface KnowledgeDoc {
  /** "qa:<pair id>" or "article:<article id>:<passage index>" */
  id: string;
  kind: "qa" | "passage";
  /** A Q&A pair's question and its variants; a passage's heading path (may be empty). */
  questions: string[];
  /** The answer (Q&A) or the passage text (article). */
  answer: string;
  /** Shown as the source: the pair's question or the article's name. */
  title: string;
  /** The Q&A pair id or the article id the doc comes from. */
  sourceId: number;
}

/** Where the engine reads an agent's knowledge from, and hears that it changed. */
export interface KnowledgeSource {
  load(companyId: number, agentId: number): Promise<KnowledgeDoc[]>;
  /** Called after every committed edit of a company's knowledge (null: any company's knowledge may have
   * changed, e.g. after signals from other processes were lost); returns an unsubscribe function. */
  onChange(listener: (companyId: number | null) => void): () => void;
}
