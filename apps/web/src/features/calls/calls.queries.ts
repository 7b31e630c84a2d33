import type { CallCenterSettingsInput, CallCenterView, CallExtensionInput, CallLineInput, PbxConnectionInput } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { useStaffEvent } from "../../lib/staff-socket.ts";
import { api, notifyError } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { meKeys } from "../../lib/session.ts";
import { userKeys } from "../settings/users/users.keys.ts";
import { callKeys } from "./calls.keys.ts";

/**
 * Refreshes every call query when the server says a call changed (the company's staff room). A busy call center
 * sends many changes a second: one refresh runs at a time and the changes during it make one more, so the
 * screen ends on the latest state without a request per change (each of which would cancel the one before).
 */
export function useCallUpdates(enabled = true) {
  const client = useQueryClient();
  const refreshing = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  const refresh = useCallback(async () => {
    const state = refreshing.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        await client.invalidateQueries({ queryKey: callKeys.all });
      } while (state.again);
    } finally {
      state.running = false;
    }
  }, [client]);
  useStaffEvent("call.updated", () => void refresh(), enabled);
}

export const useInteractionCalls = (interactionId: number, enabled: boolean) =>
  useQuery({
    queryKey: callKeys.interaction(interactionId),
    queryFn: () => api.get("/api/interactions/:id/calls", { params: { id: interactionId } }),
    enabled,
  });

export const useContactCalls = (contactId: number) =>
  useQuery({ queryKey: callKeys.contact(contactId), queryFn: () => api.get("/api/contacts/:id/calls", { params: { id: contactId } }) });

/** Click-to-call: the person's extension rings first, then the customer. */
export const useCallNumber = (number: string) => useMutation({ mutationFn: () => api.post("/api/calls", { body: { number } }), onError: notifyError });

// --- Call monitoring (CallMonitoringPage, CallMinutesChart) ---

const monitorQuery = (lineId: number | null) => (lineId ? { line_id: lineId } : undefined);

/** Today's figures and the calls now, for one line or all; asked every 5 s besides the pushed changes. */
export const useCallMonitor = (lineId: number | null) =>
  useQuery({
    queryKey: callKeys.monitor(lineId),
    queryFn: () => api.get("/api/call-center/monitor", { query: monitorQuery(lineId) }),
    refetchInterval: 5000,
  });

export const useCallMinutes = (lineId: number | null) =>
  useQuery({
    queryKey: callKeys.minutes(lineId),
    queryFn: () => api.get("/api/call-center/monitor/minutes", { query: monitorQuery(lineId) }),
    refetchInterval: 5000,
  });

// --- Call center settings (CallCenterSettingsPage, CallCenterRulesForm) ---

/** The connection (its state changes on the server, hence every 5 s), the rules, lines and extensions. */
export const useCallCenter = () => useQuery({ queryKey: callKeys.settings(), queryFn: () => api.get("/api/call-center"), refetchInterval: 5000 });

/** The active people an extension can be given to. */
export const useCallCenterPeople = (enabled: boolean) =>
  useQuery({
    queryKey: userKeys.callCenter(),
    queryFn: () => api.get("/api/users", { query: { user_type: "human", user_status: "active", page_size: 100 } }),
    enabled,
  });

/** Every call-center write answers the new settings: they replace the cached ones, and /api/me (which says whether the company has a call center) is read again. */
function useApplyCallCenter() {
  const client = useQueryClient();
  return (view: CallCenterView) => {
    client.setQueryData(callKeys.settings(), view);
    void client.invalidateQueries({ queryKey: meKeys.all });
  };
}

function useCallCenterWrite<Input>(write: (input: Input) => Promise<CallCenterView>, reactions: MutationReactions<(input: Input) => Promise<CallCenterView>>) {
  const apply = useApplyCallCenter();
  return useMutation({
    ...reactions,
    mutationFn: write,
    onSuccess: (view, ...rest) => {
      apply(view);
      return reactions.onSuccess?.(view, ...rest);
    },
  });
}

export const useSaveCallConnection = (reactions: MutationReactions<(body: PbxConnectionInput) => Promise<CallCenterView>>) =>
  useCallCenterWrite((body: PbxConnectionInput) => api.put("/api/call-center/connection", { body }), reactions);
export const useRemoveCallConnection = () => useCallCenterWrite(() => api.del("/api/call-center/connection"), { onError: notifyError });
export const useSaveCallRules = (reactions: MutationReactions<(values: CallCenterSettingsInput) => Promise<CallCenterView>>) =>
  useCallCenterWrite((values: CallCenterSettingsInput) => api.put("/api/call-center/settings", { body: values }), reactions);
export const useRemoveCallCenterItem = () =>
  useCallCenterWrite(
    ({ kind, id }: { kind: "line" | "extension"; id: number }) =>
      kind === "line" ? api.del("/api/call-center/lines/:id", { params: { id } }) : api.del("/api/call-center/extensions/:id", { params: { id } }),
    { onError: notifyError },
  );

/** Adding a line or an extension: the item list's own form runs these and shows their errors. */
export function useAddCallCenterItems() {
  const apply = useApplyCallCenter();
  return {
    addLine: (values: CallLineInput) => api.post("/api/call-center/lines", { body: values }).then(apply),
    addExtension: (values: CallExtensionInput) => api.post("/api/call-center/extensions", { body: values }).then(apply),
  };
}

/** 75 → "1:15", 3700 → "1:01:40". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}
