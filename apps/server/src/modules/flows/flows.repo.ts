import type { FlowGraph } from "@holboo/core";
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { flowRuns, flowVersions, flows, virtualAgents } from "../../platform/db/schema.ts";

export type FlowRow = typeof flows.$inferSelect;
export type FlowRunRow = typeof flowRuns.$inferSelect;

/** Runs of each flow: usage, outcomes and how often the matched question was the right one (the outer row named in full:
 * drizzle writes a column of the selected table unqualified, which inside the subquery would mean the run's). */
const figures = {
  usage: sql<number>`(select count(*)::int from ${flowRuns} r where r.company_id = "flows"."company_id" and r.flow_id = "flows"."id")`,
  success: sql<number>`(select count(*)::int from ${flowRuns} r where r.company_id = "flows"."company_id" and r.flow_id = "flows"."id" and r.status = 'success')`,
  fail: sql<number>`(select count(*)::int from ${flowRuns} r where r.company_id = "flows"."company_id" and r.flow_id = "flows"."id" and r.status in ('fail', 'timeout'))`,
  recognized: sql<number>`(select count(*)::int from ${flowRuns} r where r.company_id = "flows"."company_id" and r.flow_id = "flows"."id" and r.recognized)`,
  judged: sql<number>`(select count(*)::int from ${flowRuns} r where r.company_id = "flows"."company_id" and r.flow_id = "flows"."id" and r.recognized is not null)`,
  version: sql<number | null>`(select v.version from ${flowVersions} v where v.id = "flows"."published_version_id")`,
  voice: sql<boolean>`coalesce((select a.agent_type = 'call_operator' from ${virtualAgents} a where a.company_id = "flows"."company_id" and a.id = "flows"."agent_id"), false)`,
};
const withFigures = { flow: flows, ...figures };
export type FlowWithFigures = { flow: FlowRow } & { [K in keyof typeof figures]: (typeof figures)[K]["_"]["type"] };

export function listFlows(db: Executor, companyId: number) {
  return db.select(withFigures).from(flows).where(eq(flows.companyId, companyId)).orderBy(desc(flows.updatedAt), desc(flows.id));
}

export async function findFlow(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select(withFigures)
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)));
  return row ?? null;
}

export async function flowTitle(db: Executor, companyId: number, id: number): Promise<string | null> {
  const [row] = await db
    .select({ title: flows.title })
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)));
  return row?.title ?? null;
}

export async function lockFlow(db: Executor, companyId: number, id: number): Promise<FlowRow | null> {
  const [row] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)))
    .for("update");
  return row ?? null;
}

export async function insertFlow(db: Executor, values: typeof flows.$inferInsert): Promise<number> {
  const [row] = await db.insert(flows).values(values).returning({ id: flows.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateFlow(db: Executor, companyId: number, id: number, patch: Partial<typeof flows.$inferInsert>) {
  const rows = await db
    .update(flows)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)))
    .returning({ id: flows.id });
  return rows.length > 0;
}

export async function deleteFlow(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)))
    .returning({ id: flows.id });
  return rows.length > 0;
}

/** Published versions are only ever inserted: a running conversation keeps reading the one it started on. */
export async function insertVersion(db: Executor, companyId: number, flowId: number, graph: FlowGraph): Promise<{ id: number; version: number }> {
  const [row] = await db
    .insert(flowVersions)
    .values({
      companyId,
      flowId,
      graph,
      version: sql`(select coalesce(max(${flowVersions.version}), 0) + 1 from ${flowVersions} where ${flowVersions.companyId} = ${companyId} and ${flowVersions.flowId} = ${flowId})`,
    })
    .returning({ id: flowVersions.id, version: flowVersions.version });
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findVersionGraph(db: Executor, companyId: number, versionId: number): Promise<FlowGraph | null> {
  const [row] = await db
    .select({ graph: flowVersions.graph })
    .from(flowVersions)
    .where(and(eq(flowVersions.companyId, companyId), eq(flowVersions.id, versionId)));
  return row?.graph ?? null;
}

/** The published flows an agent answers with, and their graphs. */
export function publishedFlowsOf(db: Executor, companyId: number, agentId: number) {
  return db
    .select({ flowId: flows.id, title: flows.title, versionId: flowVersions.id, graph: flowVersions.graph })
    .from(flows)
    .innerJoin(flowVersions, and(eq(flowVersions.companyId, flows.companyId), eq(flowVersions.id, flows.publishedVersionId)))
    .where(and(eq(flows.companyId, companyId), eq(flows.agentId, agentId), eq(flows.status, "published")))
    .orderBy(asc(flows.id));
}

export async function publishedVersionOf(db: Executor, companyId: number, flowId: number): Promise<number | null> {
  const [row] = await db
    .select({ versionId: flows.publishedVersionId })
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, flowId), eq(flows.status, "published")));
  return row?.versionId ?? null;
}

/** Every flow of the company with the subflows it enters (its published graph, else its draft), for the cycle check. */
export function flowGraphsOf(db: Executor, companyId: number) {
  return db
    .select({ id: flows.id, draft: flows.draft, published: flowVersions.graph })
    .from(flows)
    .leftJoin(flowVersions, and(eq(flowVersions.companyId, flows.companyId), eq(flowVersions.id, flows.publishedVersionId)))
    .where(eq(flows.companyId, companyId));
}

export async function agentOfCompany(db: Executor, companyId: number, agentId: number | undefined): Promise<number | null> {
  const [row] = await db
    .select({ id: virtualAgents.id })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.companyId, companyId), agentId ? eq(virtualAgents.id, agentId) : eq(virtualAgents.isPrimary, true)));
  return row?.id ?? null;
}

/** The type of the virtual agent a flow belongs to (social_agent or call_operator). */
export async function agentTypeOfFlow(db: Executor, companyId: number, flowId: number): Promise<string | null> {
  const [row] = await db
    .select({ type: virtualAgents.agentType })
    .from(flows)
    .innerJoin(virtualAgents, and(eq(virtualAgents.companyId, flows.companyId), eq(virtualAgents.id, flows.agentId)))
    .where(and(eq(flows.companyId, companyId), eq(flows.id, flowId)));
  return row?.type ?? null;
}

// Runs

export async function findWaitingRun(db: Executor, companyId: number, interactionId: number): Promise<FlowRunRow | null> {
  const [row] = await db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.interactionId, interactionId), eq(flowRuns.status, "waiting")))
    .for("update");
  return row ?? null;
}

/** A call operator's run still waiting on a call. */
export async function findWaitingCallRun(db: Executor, companyId: number, callId: number): Promise<FlowRunRow | null> {
  const [row] = await db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.status, "waiting"), sql`(${flowRuns.voice}->>'callId')::bigint = ${callId}`))
    .for("update");
  return row ?? null;
}

/**
 * Ends a call's waiting run where it stood, nothing awaited any more; with `keepVoicemail`, not a run awaiting a
 * voicemail (Asterisk stores a recording when its caller hangs up, and RecordingFinished, still to come, ends the
 * run). One statement, as every hang-up asks. True when such a voicemail is awaited.
 */
export async function endWaitingCallRun(db: Executor, companyId: number, callId: number, keepVoicemail: boolean): Promise<boolean> {
  const { rows } = await db.execute<{ awaiting: string | null }>(sql`
    WITH run AS (
      SELECT ${flowRuns.id} AS id, ${flowRuns.voice}->>'awaiting' AS awaiting FROM ${flowRuns}
      WHERE ${flowRuns.companyId} = ${companyId} AND ${flowRuns.status} = 'waiting' AND (${flowRuns.voice}->>'callId')::bigint = ${callId}
      FOR UPDATE
    ), ended AS (
      UPDATE ${flowRuns} SET status = 'ended', ended_at = now(), updated_at = now(), voice = jsonb_set(voice, '{awaiting}', 'null'::jsonb)
      WHERE id IN (SELECT id FROM run WHERE NOT ${keepVoicemail} OR awaiting IS DISTINCT FROM 'recorded')
    )
    SELECT awaiting FROM run`);
  return keepVoicemail && rows.some((row) => row.awaiting === "recorded");
}

export async function findRun(db: Executor, companyId: number, id: number): Promise<FlowRunRow | null> {
  const [row] = await db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, id)))
    .for("update");
  return row ?? null;
}

export async function insertRun(db: Executor, values: typeof flowRuns.$inferInsert): Promise<FlowRunRow> {
  const [row] = await db.insert(flowRuns).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateRun(db: Executor, companyId: number, id: number, patch: Partial<typeof flowRuns.$inferInsert>) {
  await db
    .update(flowRuns)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, id)));
}

export function runsOf(db: Executor, companyId: number, interactionId: number) {
  return db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.interactionId, interactionId)))
    .orderBy(asc(flowRuns.id));
}

export async function flowsUsingEndpoint(db: Executor, companyId: number, endpointId: number): Promise<number[]> {
  const rows = await db
    .select({ id: flows.id })
    .from(flows)
    .where(
      and(
        eq(flows.companyId, companyId),
        or(
          sql`exists (select 1 from jsonb_array_elements(${flows.draft}->'nodes') n where (n->'data'->>'endpoint_id')::int = ${endpointId})`,
          // The published version is what customers run, whatever the draft says now.
          sql`exists (select 1 from ${flowVersions} v, jsonb_array_elements(v.graph->'nodes') n
                      where v.company_id = ${flows.companyId} and v.id = ${flows.publishedVersionId}
                        and (n->'data'->>'endpoint_id')::int = ${endpointId})`,
        ),
      ),
    );
  return rows.map((row) => row.id);
}
