import type { MeView, OnboardingInput } from "@holboo/core";
import type { EndpointInput } from "@holboo/core/endpoints/types.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { MutationReactions } from "../../lib/mutation.ts";
import { meKeys } from "../../lib/session.ts";

const createCompany = (input: OnboardingInput) => api.post("/api/onboarding", { body: input });

/** Creates the company and its first AI agent; the answer is the person's new /api/me. */
export const useCreateCompany = (reactions: MutationReactions<typeof createCompany>) => useMutation({ ...reactions, mutationFn: createCompany });

/** The session takes the /api/me the creation answered, so the guard sends the person from /onboarding into the app. */
export function useAdoptSession() {
  const client = useQueryClient();
  return (me: MeView) => client.setQueryData(meKeys.all, me);
}

/** The web chat channel as the wizard's step fills it; who answers it is the company's first agent. */
type WebchatStepChannel = Omit<EndpointInput<"POST", "/api/webchat-channels">["body"], "agent_id" | "agent_active">;

/** Connects web chat, answered by the agent just created (by people when there is none). */
async function connectWebchat(channel: WebchatStepChannel) {
  const agents = await api.get("/api/company/virtual-agents");
  const agentId = agents.items[0]?.id ?? null;
  return api.post("/api/webchat-channels", { body: { ...channel, agent_id: agentId, agent_active: agentId !== null } });
}

export const useConnectWebchat = (reactions: MutationReactions<typeof connectWebchat>) => useMutation({ ...reactions, mutationFn: connectWebchat });
