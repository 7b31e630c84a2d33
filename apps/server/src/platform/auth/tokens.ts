import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const newToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
