import type { CallView } from "@holboo/core";
import { callRecordingPath, fullName } from "@holboo/core";
import type { Executor } from "../../platform/db/client.ts";
import * as repo from "./calls.repo.ts";

type LineOfCall = NonNullable<CallView["line"]>;

/**
 * Lines as calls show them, per database and line id. A line is only ever added or deleted, never changed (a
 * deleted line's calls lose their line_id), so an entry stays true; the monitoring screen's push for every
 * change of every call would otherwise read its line again.
 */
const knownLines = new WeakMap<Executor, Map<number, { companyId: number; line: LineOfCall }>>();

async function linesOf(db: Executor, companyId: number, ids: number[]): Promise<Map<number, LineOfCall>> {
  const known = knownLines.get(db) ?? new Map<number, { companyId: number; line: LineOfCall }>();
  knownLines.set(db, known);
  const missing = ids.filter((id) => known.get(id)?.companyId !== companyId);
  for (const l of await repo.linesByIds(db, companyId, missing)) known.set(l.id, { companyId, line: { id: l.id, number: l.number, name: l.name } });
  const lines = new Map<number, LineOfCall>();
  for (const id of ids) {
    const entry = known.get(id);
    if (entry?.companyId === companyId) lines.set(id, entry.line);
  }
  return lines;
}

/** Calls as the API shows them, with their line and the person who answered (two lookups at most for any number of calls). */
export async function presentCalls(db: Executor, companyId: number, rows: repo.CallRow[]): Promise<CallView[]> {
  const lineIds = [...new Set(rows.map((r) => r.lineId).filter((id): id is number => id !== null))];
  const userIds = [...new Set(rows.map((r) => r.answeredByUserId).filter((id): id is number => id !== null))];
  const [lineOf, people] = await Promise.all([linesOf(db, companyId, lineIds), repo.usersByIds(db, userIds)]);
  const personOf = new Map(people.map((p) => [p.id, { id: p.id, name: fullName(p.firstName, p.lastName) }]));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    line: row.lineId ? (lineOf.get(row.lineId) ?? null) : null,
    extension: row.extension,
    direction: row.direction === "out" ? "out" : "in",
    status: row.status as CallView["status"],
    started_at: row.startedAt.toISOString(),
    queued_at: row.queuedAt?.toISOString() ?? null,
    answered_at: row.answeredAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    wait_seconds: row.waitSeconds,
    talk_seconds: row.talkSeconds,
    answered_by: row.answeredByUserId ? (personOf.get(row.answeredByUserId) ?? null) : null,
    // A voicemail the call operator stored is already Holboo's own file; a PBX's recording is streamed through us.
    recording_url: row.recordingUrl ? (row.recordingUrl.startsWith("/api/files/") ? row.recordingUrl : callRecordingPath(row.id)) : null,
    contact_id: row.contactId,
    interaction_id: row.interactionId,
    message_id: row.messageId,
  }));
}
