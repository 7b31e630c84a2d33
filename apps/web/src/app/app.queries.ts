import type { LoginResult } from "@holboo/core";
import { api } from "../lib/api.ts";

/** The deployed build (GET /pub/version), which the version watcher compares with the one loaded. */
export const fetchVersion = () => api.get("/pub/version");

/** One exchange per token: the token is single-use, and StrictMode runs effects twice in development. */
const exchanges = new Map<string, Promise<LoginResult>>();

/** Swaps a hand-off link's one-time token for a session cookie (or a two-step challenge). */
export function exchangeHandoff({ token, userID, email }: { token: string; userID: string; email: string }): Promise<LoginResult> {
  let exchange = exchanges.get(token);
  if (!exchange) {
    exchange = api.post("/api/auth/handoff", { body: { token, userID: Number(userID), email } });
    exchanges.set(token, exchange);
  }
  return exchange;
}
