/**
 * The postMessage protocol between the loader (on the customer's page) and the chat app (in the iframe).
 * Each side posts only to the other's exact origin and accepts only messages from that origin and window.
 */
export const SOURCE = "holboo-webchat";

export interface VisitorIdentityHint {
  user_id: string;
  user_hash: string;
  name?: string;
  email?: string;
}

export type ToChat = { source: typeof SOURCE; type: "init"; user: VisitorIdentityHint | null } | { source: typeof SOURCE; type: "visibility"; open: boolean };

export type ToLoader =
  | { source: typeof SOURCE; type: "ready"; brand_color: string; text_color: string; title: string }
  | { source: typeof SOURCE; type: "unread"; count: number }
  | { source: typeof SOURCE; type: "close" };

export function isMessage<T extends { source: string; type: string }>(data: unknown): data is T {
  return !!data && typeof data === "object" && (data as { source?: unknown }).source === SOURCE && typeof (data as { type?: unknown }).type === "string";
}
