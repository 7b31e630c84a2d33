import type { CallView } from "@holboo/core";
import { callRecordingPath, fullName } from "@holboo/core";
import type { Executor } from "../../platform/db/client.ts";
import * as repo from "./calls.repo.ts";

/** Calls as the API shows them, with their line and the person who answered (two lookups for any number of calls). */
export async function presentCalls(db: Executor, companyId: number, rows: repo.CallRow[]): Promise<CallView[]> {
  const lineIds = [...new Set(rows.map((r) => r.lineId).filter((id): id is number => id !== null))];
  const userIds = [...new Set(rows.map((r) => r.answeredByUserId).filter((id): id is number => id !== null))];
  const [lines, people] = await Promise.all([repo.linesByIds(db, companyId, lineIds), repo.usersByIds(db, userIds)]);
  const lineOf = new Map(lines.map((l) => [l.id, { id: l.id, number: l.number, name: l.name }]));
  const personOf = new Map(people.map((p) => [p.id, { id: p.id, name: fullName(p.firstName, p.lastName) }]));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    line: row.lineId ? (lineOf.get(row.lineId) ?? null) : null,
    extension: row.extension,
    direction: row.direction === "out" ? "out" : "in",
    status: row.status as CallView["status"],
    started_at: row.startedAt.toISOString(),
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
