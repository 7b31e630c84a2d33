import type { RecoveryCodesView, TwoFactorDisableInput, TwoFactorPolicyView, TwoFactorSetupView, TwoFactorStatusView } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";
import { meQueryKey } from "../../lib/session.ts";

/** A wrong code is shown under its field by the form (`mutate`'s own onError), not as the usual toast. */
const shownByTheForm = () => undefined;

export const twoFactorKeys = { status: ["two-factor", "status"] as const, policy: ["two-factor", "policy"] as const };

export const useTwoFactorStatus = () => useQuery({ queryKey: twoFactorKeys.status, queryFn: () => http.get<TwoFactorStatusView>("/api/me/two-factor") });

/** After a change the person's /api/me (two_factor_enabled, the company's hold) and the status are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: twoFactorKeys.status }), client.invalidateQueries({ queryKey: meQueryKey })]);
}

export const useStartSetup = () => useMutation({ mutationFn: () => http.post<TwoFactorSetupView>("/api/me/two-factor/setup") });

/** Confirms with a first code; /api/me is refreshed only when the person has seen the recovery codes (`onDone`). */
export const useConfirmSetup = () =>
  useMutation({ mutationFn: (code: string) => http.post<RecoveryCodesView>("/api/me/two-factor/confirm", { code }), onError: shownByTheForm });

export function useRegenerateCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => http.post<RecoveryCodesView>("/api/me/two-factor/recovery-codes", { code }),
    onSuccess: () => refresh(),
    onError: shownByTheForm,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TwoFactorDisableInput) => http.post("/api/me/two-factor/disable", body),
    onSuccess: () => refresh(),
    onError: shownByTheForm,
  });
}

export { useRefresh as useTwoFactorRefresh };

export const useTwoFactorPolicy = () => useQuery({ queryKey: twoFactorKeys.policy, queryFn: () => http.get<TwoFactorPolicyView>("/api/company/two-factor") });

export function useSetTwoFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => http.put<TwoFactorPolicyView>("/api/company/two-factor", { required }),
    onSuccess: (policy) => {
      client.setQueryData(twoFactorKeys.policy, policy);
      // Requiring it may hold the admin back too, until they set it up.
      return client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
