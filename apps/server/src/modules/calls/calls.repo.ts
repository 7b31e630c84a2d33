import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "../../platform/db/client.ts";
import { callCenterSettings, callExtensions, callLines, calls, ctiEvents, pbxConnections, users } from "../../platform/db/schema.ts";

export type PbxConnectionRow = typeof pbxConnections.$inferSelect;
export type CallLineRow = typeof callLines.$inferSelect;
export type CallRow = typeof calls.$inferSelect;
export type NewCall = typeof calls.$inferInsert;
export type CallCenterSettingsRow = typeof callCenterSettings.$inferSelect;

export async function findSettings(db: Executor, companyId: number): Promise<CallCenterSettingsRow | null> {
  const [row] = await db.select().from(callCenterSettings).where(eq(callCenterSettings.companyId, companyId));
  return row ?? null;
}

export async function upsertSettings(db: Executor, values: typeof callCenterSettings.$inferInsert) {
  const { companyId: _company, ...changes } = values;
  await db
    .insert(callCenterSettings)
    .values(values)
    .onConflictDoUpdate({ target: callCenterSettings.companyId, set: { ...changes, updatedAt: new Date() } });
}

export async function findConnection(db: Executor, companyId: number): Promise<PbxConnectionRow | null> {
  const [row] = await db.select().from(pbxConnections).where(eq(pbxConnections.companyId, companyId));
  return row ?? null;
}

/** The CTI webhook's connection by the key in its URL, before any company is known (the key is secret and unique). */
export async function findConnectionByKey(db: Executor, key: string): Promise<PbxConnectionRow | null> {
  const [row] = await db.select().from(pbxConnections).where(eq(pbxConnections.webhookKey, key));
  return row ?? null;
}

export async function findConnectionById(db: Executor, id: number): Promise<PbxConnectionRow | null> {
  const [row] = await db.select().from(pbxConnections).where(eq(pbxConnections.id, id));
  return row ?? null;
}

/** Every ARI connection of the installation: the worker processes share them out (one owner each). */
export function listAriConnections(db: Executor) {
  return db.select().from(pbxConnections).where(eq(pbxConnections.kind, "asterisk_ari")).orderBy(asc(pbxConnections.id));
}

export async function upsertConnection(db: Executor, values: typeof pbxConnections.$inferInsert): Promise<PbxConnectionRow> {
  const { companyId: _company, webhookKey: _key, ...changes } = values;
  const [row] = await db
    .insert(pbxConnections)
    .values(values)
    .onConflictDoUpdate({ target: pbxConnections.companyId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function setConnectionState(db: Executor, id: number, state: string, lastError: string | null) {
  // Not updated_at: that marks a change of settings, which restarts the connection's session.
  await db.update(pbxConnections).set({ state, lastError }).where(eq(pbxConnections.id, id));
}

export async function deleteConnection(db: Executor, companyId: number) {
  await db.delete(pbxConnections).where(eq(pbxConnections.companyId, companyId));
}

export function listLines(db: Executor, companyId: number) {
  return db.select().from(callLines).where(eq(callLines.companyId, companyId)).orderBy(asc(callLines.number));
}

export async function findLineByNumber(db: Executor, companyId: number, number: string): Promise<CallLineRow | null> {
  const [row] = await db
    .select()
    .from(callLines)
    .where(and(eq(callLines.companyId, companyId), eq(callLines.number, number)));
  return row ?? null;
}

export async function findLine(db: Executor, companyId: number, id: number): Promise<CallLineRow | null> {
  const [row] = await db
    .select()
    .from(callLines)
    .where(and(eq(callLines.companyId, companyId), eq(callLines.id, id)));
  return row ?? null;
}

export async function insertLine(db: Executor, values: typeof callLines.$inferInsert) {
  const [row] = await db.insert(callLines).values(values).returning();
  return row!;
}

export async function deleteLine(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(callLines)
    .where(and(eq(callLines.companyId, companyId), eq(callLines.id, id)))
    .returning({ id: callLines.id, channelId: callLines.channelId });
  return rows[0] ?? null;
}

export function listExtensions(db: Executor, companyId: number) {
  return db
    .select({ id: callExtensions.id, extension: callExtensions.extension, userId: callExtensions.userId, firstName: users.firstName, lastName: users.lastName })
    .from(callExtensions)
    .innerJoin(users, eq(users.id, callExtensions.userId))
    .where(eq(callExtensions.companyId, companyId))
    .orderBy(asc(callExtensions.extension));
}

export async function insertExtension(db: Executor, values: typeof callExtensions.$inferInsert) {
  const [row] = await db.insert(callExtensions).values(values).returning();
  return row!;
}

export async function deleteExtension(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(callExtensions)
    .where(and(eq(callExtensions.companyId, companyId), eq(callExtensions.id, id)))
    .returning({ id: callExtensions.id });
  return rows[0] ?? null;
}

export async function extensionOfUser(db: Executor, companyId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ extension: callExtensions.extension })
    .from(callExtensions)
    .where(and(eq(callExtensions.companyId, companyId), eq(callExtensions.userId, userId)));
  return row?.extension ?? null;
}

export async function userOfExtension(db: Executor, companyId: number, extension: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: callExtensions.userId })
    .from(callExtensions)
    .where(and(eq(callExtensions.companyId, companyId), eq(callExtensions.extension, extension)));
  return row?.userId ?? null;
}

/** The PBX session reads a call on nearly every event: its statement is built and planned once per database. */
const findCallStatements = new WeakMap<Database, ReturnType<typeof prepareFindCall>>();
const prepareFindCall = (db: Database) =>
  db
    .select()
    .from(calls)
    .where(and(eq(calls.connectionId, sql.placeholder("connectionId")), eq(calls.providerCallId, sql.placeholder("providerCallId"))))
    .prepare("calls_find_by_provider_id");

export async function findCall(db: Database, connectionId: number, providerCallId: string): Promise<CallRow | null> {
  let statement = findCallStatements.get(db);
  if (!statement) findCallStatements.set(db, (statement = prepareFindCall(db)));
  const [row] = await statement.execute({ connectionId, providerCallId });
  return row ?? null;
}

export async function findCallById(db: Executor, companyId: number, id: number): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.companyId, companyId), eq(calls.id, id)));
  return row ?? null;
}

/** The call of a provider id, locked for the change an event makes (events of one call apply one at a time). */
export async function lockCall(db: Executor, connectionId: number, providerCallId: string): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.connectionId, connectionId), eq(calls.providerCallId, providerCallId)))
    .for("update");
  return row ?? null;
}

/** A new call, or null when another event already made it (the caller then locks that one). */
export async function insertCall(db: Executor, values: NewCall): Promise<CallRow | null> {
  const [row] = await db.insert(calls).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCall(db: Executor, id: number, changes: Partial<NewCall>): Promise<CallRow> {
  const [row] = await db.update(calls).set(changes).where(eq(calls.id, id)).returning();
  return row!;
}

/** The PBX ids of a connection's callers waiting for people, longest first (read whenever an extension may have come free). */
export async function waitingCallersOfConnection(db: Executor, connectionId: number): Promise<string[]> {
  const rows = await db
    .select({ providerCallId: calls.providerCallId })
    .from(calls)
    .where(and(eq(calls.connectionId, connectionId), eq(calls.direction, "in"), eq(calls.status, "waiting"), isNotNull(calls.queuedAt)))
    .orderBy(asc(calls.queuedAt));
  return rows.map((r) => r.providerCallId);
}

/** An extension of a person signed in for calls, and whether they may be rung now (see extensionsForCalls). */
export interface StaffedExtension {
  extension: string;
  available: boolean;
  /** How long to ring it (the company's setting). */
  ringSeconds: number;
}

/**
 * The ring rule's one statement (availability.service.ts says the rule): the extensions of people signed in for
 * calls — active, online (not away, presence not expired) — longest idle first (their last finished call longest
 * ago; never, first), each with whether it may be rung now: not on a call (nor ringing for a click-to-call of their
 * own), not ringing for another caller (`ringing`, which the PBX session holds), and past its after-call work.
 */
export async function staffedExtensions(db: Executor, companyId: number, ringing: string[], defaults: { ringSeconds: number; afterCallSeconds: number }) {
  const { rows } = await db.execute<{ extension: string; available: boolean; ring_seconds: number }>(sql`
    WITH settings AS (
      SELECT coalesce(max(s.ring_seconds), ${defaults.ringSeconds}) AS ring_seconds,
        coalesce(max(s.after_call_seconds), ${defaults.afterCallSeconds}) AS after_call_seconds
      FROM ${callCenterSettings} s WHERE s.company_id = ${companyId}
    )
    SELECT e.extension, st.ring_seconds,
      NOT EXISTS (
        SELECT 1 FROM ${calls} c
        WHERE c.company_id = ${companyId} AND c.extension = e.extension
          AND (c.status = 'talking' OR (c.status = 'waiting' AND c.direction = 'out'))
      )
      AND NOT (e.extension = ANY(string_to_array(${ringing.join(",")}, ',')))
      AND (last.ended_at IS NULL OR last.ended_at <= now() - make_interval(secs => st.after_call_seconds)) AS available
    FROM ${callExtensions} e
    JOIN ${users} u ON u.id = e.user_id
    CROSS JOIN settings st
    LEFT JOIN LATERAL (
      SELECT c.ended_at FROM ${calls} c
      WHERE c.company_id = ${companyId} AND c.extension = e.extension AND c.ended_at IS NOT NULL AND c.answered_at IS NOT NULL
      ORDER BY c.ended_at DESC LIMIT 1
    ) last ON true
    WHERE e.company_id = ${companyId} AND u.status = 'active' AND u.presence = 'online' AND u.presence_expires_at > now()
    ORDER BY last.ended_at ASC NULLS FIRST, e.extension`);
  return rows.map((r): StaffedExtension => ({ extension: r.extension, available: r.available, ringSeconds: r.ring_seconds }));
}

/** Whether `extension` talks on a call other than `exceptCallId` (an answer on a second line is refused). */
export async function extensionTalking(db: Executor, companyId: number, extension: string, exceptCallId: number): Promise<boolean> {
  const rows = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.companyId, companyId), eq(calls.extension, extension), eq(calls.status, "talking"), ne(calls.id, exceptCallId)))
    .limit(1);
  return rows.length > 0;
}

export function openCallsOfConnection(db: Executor, connectionId: number) {
  return db
    .select()
    .from(calls)
    .where(and(eq(calls.connectionId, connectionId), inArray(calls.status, ["waiting", "talking"])));
}

export function liveCalls(db: Executor, companyId: number, lineId?: number) {
  return db
    .select()
    .from(calls)
    .where(and(eq(calls.companyId, companyId), inArray(calls.status, ["waiting", "talking"]), lineId ? eq(calls.lineId, lineId) : undefined))
    .orderBy(asc(calls.startedAt));
}

export function callsOfInteraction(db: Executor, companyId: number, interactionId: number) {
  return db
    .select()
    .from(calls)
    .where(and(eq(calls.companyId, companyId), eq(calls.interactionId, interactionId)))
    .orderBy(asc(calls.startedAt));
}

export function callsOfContact(db: Executor, companyId: number, contactId: number) {
  return db
    .select()
    .from(calls)
    .where(and(eq(calls.companyId, companyId), eq(calls.contactId, contactId)))
    .orderBy(asc(calls.startedAt))
    .limit(500);
}

/**
 * Today's figures (the company's local day in `zone`) over inbound calls. Missed (nobody answered) and abandoned (the
 * caller hung up while waiting for people) apart; a caller who hung up in the call operator's menu never waited, so is
 * neither. Waits and the service level are over calls answered from the queue, each wait counted from `queued_at`.
 */
export async function statsToday(db: Executor, companyId: number, zone: string, serviceLevelSeconds: number, lineId?: number) {
  const fromQueue = sql`${calls.answeredAt} IS NOT NULL AND ${calls.queuedAt} IS NOT NULL`;
  const [row] = await db
    .select({
      answered: sql<number>`count(*) FILTER (WHERE ${calls.answeredAt} IS NOT NULL)::int`,
      missed: sql<number>`count(*) FILTER (WHERE ${calls.status} = 'missed')::int`,
      abandoned: sql<number>`count(*) FILTER (WHERE ${calls.status} = 'cancelled' AND ${calls.queuedAt} IS NOT NULL)::int`,
      answeredFromQueue: sql<number>`count(*) FILTER (WHERE ${fromQueue})::int`,
      avgWait: sql<number>`coalesce(avg(${calls.waitSeconds}) FILTER (WHERE ${fromQueue}), 0)::float8`,
      avgTalk: sql<number>`coalesce(avg(${calls.talkSeconds}) FILTER (WHERE ${calls.status} = 'ended'), 0)::float8`,
      withinLevel: sql<number>`count(*) FILTER (WHERE ${fromQueue} AND ${calls.waitSeconds} <= ${serviceLevelSeconds})::int`,
    })
    .from(calls)
    .where(
      and(
        eq(calls.companyId, companyId),
        eq(calls.direction, "in"),
        gte(calls.startedAt, sql`date_trunc('day', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone}`),
        lineId ? eq(calls.lineId, lineId) : undefined,
      ),
    );
  return row!;
}

export type CallMinutesRow = { from: Date; started: number[]; answered: number[]; missed: number[]; abandoned: number[]; max_waiting: number[] };

/**
 * Today's inbound calls per minute (the same calls and day as statsToday), each figure at the minute it happened:
 * started at started_at, answered at answered_at, missed and abandoned at ended_at. One statement, one row of arrays.
 * Most waiting at once (for people: from queued_at, the call operator's menu is not waiting): a sweep over +1 (began
 * waiting) and -1 (answered or gone) ordered in time, ends first on a
 * tie; a minute's most is the larger of its level on entry (carried from the last minute with an event) and its
 * highest level after any of its events. Cost grows with the day's calls, not minutes × calls.
 */
export async function minutesToday(db: Executor, companyId: number, zone: string, lineId?: number): Promise<CallMinutesRow> {
  const { rows } = await db.execute<CallMinutesRow>(sql`
    WITH bounds AS (
      SELECT date_trunc('day', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone} AS day_start, date_trunc('minute', now()) AS last_minute
    ),
    today AS (
      SELECT c.started_at, c.queued_at, c.answered_at, c.status, coalesce(c.ended_at, c.started_at) AS ended_at, coalesce(c.answered_at, c.ended_at) AS wait_end
      FROM ${calls} c, bounds b
      WHERE c.company_id = ${companyId} AND c.direction = 'in' AND c.started_at >= b.day_start
        ${lineId ? sql`AND c.line_id = ${lineId}` : sql``}
    ),
    happenings AS (
      SELECT date_trunc('minute', started_at) AS at, 1 AS started, 0 AS answered, 0 AS missed, 0 AS abandoned FROM today
      UNION ALL SELECT date_trunc('minute', answered_at), 0, 1, 0, 0 FROM today WHERE answered_at IS NOT NULL
      UNION ALL SELECT date_trunc('minute', ended_at), 0, 0, 1, 0 FROM today WHERE status = 'missed'
      UNION ALL SELECT date_trunc('minute', ended_at), 0, 0, 0, 1 FROM today WHERE status = 'cancelled' AND queued_at IS NOT NULL
    ),
    counts AS (
      -- A PBX's clock a little ahead of ours must not drop a call out of the series.
      SELECT least(h.at, b.last_minute) AS minute, sum(h.started)::int AS started, sum(h.answered)::int AS answered, sum(h.missed)::int AS missed,
        sum(h.abandoned)::int AS abandoned
      FROM happenings h, bounds b GROUP BY 1
    ),
    changes AS (
      SELECT queued_at AS at, 1 AS delta FROM today WHERE queued_at IS NOT NULL
      UNION ALL SELECT greatest(wait_end, queued_at), -1 FROM today WHERE queued_at IS NOT NULL AND wait_end IS NOT NULL
    ),
    levels AS (
      SELECT at, row_number() OVER sweep AS seq, sum(delta) OVER (sweep ROWS UNBOUNDED PRECEDING) AS level
      FROM changes WINDOW sweep AS (ORDER BY at, delta)
    ),
    level_minutes AS (
      SELECT least(date_trunc('minute', l.at), b.last_minute) AS minute, max(l.level) AS peak, (array_agg(l.level ORDER BY l.seq DESC))[1] AS closing
      FROM levels l, bounds b GROUP BY 1
    ),
    minutes AS (
      SELECT m.minute, coalesce(c.started, 0) AS started, coalesce(c.answered, 0) AS answered, coalesce(c.missed, 0) AS missed,
        coalesce(c.abandoned, 0) AS abandoned,
        lm.peak, lm.closing, count(lm.closing) OVER (ORDER BY m.minute) AS run
      FROM bounds b
      CROSS JOIN generate_series(b.day_start, b.last_minute, interval '1 minute') AS m(minute)
      LEFT JOIN counts c ON c.minute = m.minute
      LEFT JOIN level_minutes lm ON lm.minute = m.minute
    ),
    carried AS (
      SELECT *, max(closing) OVER (PARTITION BY run) AS after_minute FROM minutes
    ),
    entered AS (
      SELECT *, coalesce(lag(after_minute) OVER (ORDER BY minute), 0) AS on_entry FROM carried
    )
    SELECT min(minute) AS "from",
      array_agg(started ORDER BY minute) AS started,
      array_agg(answered ORDER BY minute) AS answered,
      array_agg(missed ORDER BY minute) AS missed,
      array_agg(abandoned ORDER BY minute) AS abandoned,
      array_agg(greatest(on_entry, coalesce(peak, 0))::int ORDER BY minute) AS max_waiting
    FROM entered`);
  return rows[0]!;
}

export function usersByIds(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
}

export function linesByIds(db: Executor, companyId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(callLines)
    .where(and(eq(callLines.companyId, companyId), inArray(callLines.id, ids)));
}

/** Stores a CTI event unless the connection already has one with its id; the new row's id, or null. */
export async function insertCtiEventOnce(db: Executor, event: typeof ctiEvents.$inferInsert): Promise<number | null> {
  const [row] = await db.insert(ctiEvents).values(event).onConflictDoNothing().returning({ id: ctiEvents.id });
  return row?.id ?? null;
}

export async function findUnappliedCtiEvent(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(ctiEvents)
    .where(and(eq(ctiEvents.companyId, companyId), eq(ctiEvents.id, id), isNull(ctiEvents.processedAt)));
  return row ?? null;
}

export async function markCtiEventApplied(db: Executor, companyId: number, id: number) {
  await db
    .update(ctiEvents)
    .set({ processedAt: sql`now()` })
    .where(and(eq(ctiEvents.companyId, companyId), eq(ctiEvents.id, id)));
}

/** Deletes the applied CTI events received more than `keptSeconds` ago (every company's: a scheduled job's sweep). */
export async function purgeAppliedCtiEvents(db: Executor, keptSeconds: number) {
  await db.delete(ctiEvents).where(and(isNotNull(ctiEvents.processedAt), lt(ctiEvents.receivedAt, sql`now() - make_interval(secs => ${keptSeconds})`)));
}
