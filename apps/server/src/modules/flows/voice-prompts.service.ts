import { timingSafeEqual } from "node:crypto";
import type { VoicePromptUploadView } from "@holboo/core";
import { LIMITS } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { guardInput } from "../../platform/http/input-guard.ts";
import * as repo from "./voice-prompts.repo.ts";

const startsWith = (data: Buffer, text: string, at = 0) => data.subarray(at, at + text.length).toString("latin1") === text;

/** The recording's type from its bytes (the declared type and name are not trusted): WAV, MP3 (ID3 tag or frame sync), OGG. */
export function sniffAudioType(data: Buffer): string | null {
  if (startsWith(data, "RIFF") && startsWith(data, "WAVE", 8)) return "audio/wav";
  if (startsWith(data, "ID3") || (data.length >= 2 && data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0)) return "audio/mpeg";
  if (startsWith(data, "OggS")) return "audio/ogg";
  return null;
}

const EXTENSION: Record<string, string> = { "audio/wav": "wav", "audio/mpeg": "mp3", "audio/ogg": "ogg" };

/** Stores an uploaded prompt among the company's files, for a node of a call operator's flow to play. */
export async function uploadPrompt(ctx: AppContext, actor: MemberActor, name: string, data: Buffer, truncated: boolean): Promise<VoicePromptUploadView> {
  guardInput(name, "file");
  if (truncated || data.length > LIMITS.voicePromptBytes) fail("voice_prompt_too_large");
  const mime = sniffAudioType(data) ?? fail("voice_prompt_type_not_allowed");
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a stored file name must not carry
  const safeName = name.replace(/[\\/\u0000-\u001f]/g, "_").slice(0, 200) || "prompt";
  const id = await repo.insertAudioFile(ctx.db, { companyId: actor.companyId, mime, name: safeName, data });
  return { file_id: id, name: safeName, mime, size: data.length };
}

const digestOf = (ctx: AppContext, companyId: number, fileId: string, expires: number) => ctx.secrets.mac(`voice-prompt:${companyId}:${fileId}:${expires}`);

/**
 * Asterisk fetches a prompt over HTTP itself (`sound:http…` media), so it gets an address that names the
 * company and file, ends with the format's extension (Asterisk picks the decoder by it) and expires.
 */
export function promptMediaUrl(ctx: AppContext, companyId: number, fileId: string, mime: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + LIMITS.voicePromptUrlTtlS;
  const extension = EXTENSION[mime] ?? "wav";
  return `${ctx.config.PUBLIC_URL}/api/voice-prompts/${companyId}/${fileId}/${expires}/${digestOf(ctx, companyId, fileId, expires)}.${extension}`;
}

/** The prompt behind a signed address, or file_not_found for a wrong digest, an expired address or another company's file. */
export async function promptForMedia(ctx: AppContext, companyId: number, fileId: string, expires: number, signature: string) {
  const expected = Buffer.from(digestOf(ctx, companyId, fileId, expires));
  const given = Buffer.from(signature.replace(/\.[a-z0-9]+$/, ""));
  const valid = given.length === expected.length && timingSafeEqual(given, expected) && expires * 1000 > Date.now();
  if (!valid) fail("file_not_found");
  return (await repo.findAudioFile(ctx.db, companyId, fileId)) ?? fail("file_not_found");
}

export const findPrompt = (ctx: AppContext, companyId: number, fileId: string) => repo.findAudioFile(ctx.db, companyId, fileId);

/** A caller's voicemail, kept among the company's files (the call's recording link points at it). */
export async function storeVoicemail(ctx: AppContext, companyId: number, callId: number, data: Buffer): Promise<string> {
  const mime = sniffAudioType(data) ?? "audio/wav";
  return repo.insertAudioFile(ctx.db, { companyId, mime, name: `voicemail-${callId}.${EXTENSION[mime] ?? "wav"}`, data });
}
