import type { LoginInput, MeView, PasswordResetConfirmInput, PasswordResetRequestInput, SignupInput, TwoFactorLoginInput } from "@holboo/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { meKeys } from "../../lib/session.ts";

/** The login page's three sends; the page checks the body with the same core schema first. */
export const sendPasswordForgot = (body: PasswordResetRequestInput) => api.post("/api/password/forgot", { body });
export const sendLogin = (body: LoginInput) => api.post("/api/login", { body });
export const sendSignup = (body: SignupInput) => api.post("/api/signup", { body });

const resetPassword = (body: PasswordResetConfirmInput) => api.post("/api/password/reset", { body });
export const useResetPassword = (reactions: MutationReactions<typeof resetPassword>) => useMutation({ ...reactions, mutationFn: resetPassword });

const loginTwoFactor = (body: TwoFactorLoginInput) => api.post("/api/login/two-factor", { body });
/** The second step's answer is the signed-in person's /api/me, kept as the session's. */
export function useTwoFactorLogin(reactions: MutationReactions<typeof loginTwoFactor>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: loginTwoFactor,
    onSuccess: (me: MeView, ...rest) => {
      client.setQueryData(meKeys.all, me);
      return reactions.onSuccess?.(me, ...rest);
    },
  });
}
