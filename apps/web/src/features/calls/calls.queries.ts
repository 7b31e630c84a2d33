import { CALL_SOCKET_EVENT } from "@holboo/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useStaffEvent } from "../../lib/staff-socket.ts";
import { api } from "../../lib/api.ts";
import { callKeys } from "./calls.keys.ts";

/** Refreshes every call query when the server says a call changed (the company's staff room). */
export function useCallUpdates(enabled = true) {
  const client = useQueryClient();
  useStaffEvent(CALL_SOCKET_EVENT, () => void client.invalidateQueries({ queryKey: callKeys.all }), enabled);
}

export const useInteractionCalls = (interactionId: number, enabled: boolean) =>
  useQuery({
    queryKey: callKeys.interaction(interactionId),
    queryFn: () => api.get("/api/interactions/:id/calls", { params: { id: interactionId } }),
    enabled,
  });

export const useContactCalls = (contactId: number) =>
  useQuery({ queryKey: callKeys.contact(contactId), queryFn: () => api.get("/api/contacts/:id/calls", { params: { id: contactId } }) });

/** 75 → "1:15", 3700 → "1:01:40". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}
