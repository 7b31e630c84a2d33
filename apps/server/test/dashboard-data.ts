import type pg from "pg";

/**
 * Hand-built conversations for the dashboard's tests: rows written as the services write them
 * (an interaction, its ordered events and messages), at instants the test chooses.
 */
export interface HandBuilt {
  companyId: number;
  channelId: number | null;
  contactId: number;
  startedAt: string;
  /** Seconds after the start. */
  firstResponseS?: number;
  closeS?: number;
  ownerType?: "ai" | "user" | "queue";
  assignee?: number | null;
  closedBy?: number | null;
  rating?: number | null;
  customerRating?: number | null;
  mood?: string | null;
  /** The virtual agent's user who answered (an ai message). */
  aiAnswer?: number;
  /** The AI agent handed the conversation to a person (assignee) or the queue. */
  handedOver?: boolean;
  /** A flow reached its success node. */
  confirmed?: boolean;
}

const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

export async function newContact(pool: pg.Pool, companyId: number, name = "Болд") {
  const { rows } = await pool.query<{ id: number }>(`INSERT INTO contacts (company_id, first_name, created_by) VALUES ($1, $2, 'system') RETURNING id`, [
    companyId,
    name,
  ]);
  return rows[0]!.id;
}

export async function buildConversation(pool: pg.Pool, c: HandBuilt): Promise<number> {
  const events: Array<{ type: string; payload: Record<string, unknown>; at: string }> = [];
  const messages: Array<{ direction: string; senderType: string; senderUserId: number | null; at: string }> = [];
  const startOwner = c.aiAnswer ? "ai" : (c.ownerType ?? "user");
  messages.push({ direction: "in", senderType: "contact", senderUserId: null, at: c.startedAt });
  if (c.firstResponseS !== undefined) {
    const ai = !!c.aiAnswer && !c.handedOver;
    messages.push({
      direction: "out",
      senderType: ai ? "ai" : "user",
      senderUserId: ai ? c.aiAnswer! : (c.assignee ?? null),
      at: plus(c.startedAt, c.firstResponseS),
    });
  }
  if (c.aiAnswer && c.handedOver) {
    messages.push({ direction: "out", senderType: "ai", senderUserId: c.aiAnswer, at: plus(c.startedAt, 1) });
    events.push({
      type: "ownership.changed",
      payload: { owner_type: c.assignee ? "user" : "queue", previous_owner_type: "ai", reason: "escalated" },
      at: plus(c.startedAt, 2),
    });
  }
  if (c.confirmed) events.push({ type: "flow.step", payload: { node_kind: "success", status: "done" }, at: plus(c.startedAt, 3) });
  const closedAt = c.closeS !== undefined ? plus(c.startedAt, c.closeS) : null;
  if (closedAt) events.push({ type: "interaction.closed", payload: { rating: c.rating ?? null, mood: c.mood ?? null }, at: closedAt });
  const ownerType = c.aiAnswer && !c.handedOver ? "ai" : (c.ownerType ?? (c.assignee ? "user" : startOwner === "ai" ? "queue" : "queue"));
  const total = messages.length + events.length;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO interactions (company_id, channel_id, contact_id, title, status, owner_type, assignee_user_id, started_at, first_response_at, closed_at,
       closed_by_user_id, mood, rating, customer_rating, last_seq)
     VALUES ($1, $2, $3, 'Асуулт', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      c.companyId,
      c.channelId,
      c.contactId,
      closedAt ? "closed" : "open",
      ownerType,
      c.assignee ?? null,
      c.startedAt,
      c.firstResponseS !== undefined ? plus(c.startedAt, c.firstResponseS) : null,
      closedAt,
      closedAt ? (c.closedBy ?? c.assignee ?? null) : null,
      c.mood ?? null,
      c.rating ?? null,
      c.customerRating ?? null,
      total,
    ],
  );
  const id = rows[0]!.id;
  let seq = 0;
  for (const m of messages) {
    seq++;
    await pool.query(
      `INSERT INTO messages (company_id, interaction_id, seq, direction, sender_type, sender_user_id, text, status, is_bot, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'Сайн байна уу', 'sent', $7, $8)`,
      [c.companyId, id, seq, m.direction, m.senderType, m.senderUserId, m.senderType === "ai", m.at],
    );
    await pool.query(
      `INSERT INTO interaction_events (company_id, interaction_id, seq, type, visible_to_contact, payload, created_at) VALUES ($1, $2, $3, 'message.created', true, $4, $5)`,
      [c.companyId, id, seq, JSON.stringify({ sender_type: m.senderType }), m.at],
    );
  }
  for (const e of events) {
    seq++;
    await pool.query(
      `INSERT INTO interaction_events (company_id, interaction_id, seq, type, visible_to_contact, payload, created_at) VALUES ($1, $2, $3, $4, false, $5, $6)`,
      [c.companyId, id, seq, e.type, JSON.stringify(e.payload), e.at],
    );
  }
  return id;
}
