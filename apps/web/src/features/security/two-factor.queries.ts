import type { TwoFactorDisableInput } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { meKeys } from "../../lib/session.ts";
import { twoFactorKeys } from "./two-factor.keys.ts";

/** A wrong code is shown under its field by the form (`mutate`'s own onError), not as the usual toast. */
const shownByTheForm = () => undefined;

export const useTwoFactorStatus = () => useQuery({ queryKey: twoFactorKeys.status(), queryFn: () => api.get("/api/me/two-factor") });

/** After a change the person's /api/me (two_factor_enabled, the company's hold) and the status are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: twoFactorKeys.status() }), client.invalidateQueries({ queryKey: meKeys.all })]);
}

export const useStartSetup = () => useMutation({ mutationFn: () => api.post("/api/me/two-factor/setup") });

/** Confirms with a first code; /api/me is refreshed only when the person has seen the recovery codes (`onDone`). */
export const useConfirmSetup = () =>
  useMutation({ mutationFn: (code: string) => api.post("/api/me/two-factor/confirm", { body: { code } }), onError: shownByTheForm });

export function useRegenerateCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => api.post("/api/me/two-factor/recovery-codes", { body: { code } }),
    onSuccess: () => refresh(),
    onError: shownByTheForm,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TwoFactorDisableInput) => api.post("/api/me/two-factor/disable", { body }),
    onSuccess: () => refresh(),
    onError: shownByTheForm,
  });
}

export { useRefresh as useTwoFactorRefresh };

export const useTwoFactorPolicy = () => useQuery({ queryKey: twoFactorKeys.policy(), queryFn: () => api.get("/api/company/two-factor") });

export function useSetTwoFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => api.put("/api/company/two-factor", { body: { required } }),
    onSuccess: (policy) => {
      client.setQueryData(twoFactorKeys.policy(), policy);
      // Requiring it may hold the admin back too, until they set it up.
      return client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}
