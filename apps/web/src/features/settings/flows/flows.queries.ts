import type { CustomApiDraftTestInput, CustomApiInput, CustomApiView, FlowGraph, FlowProblem, FlowSummaryView, FlowTestInput, FlowView } from "@holboo/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, notifyError } from "../../../lib/api.ts";
import { ApiError } from "../../../lib/http.ts";
import type { MutationReactions } from "../../../lib/mutation.ts";
import { customApiKeys, flowDetailKeys, flowKeys } from "./flows.keys.ts";

/** Every flow of the company (the flows page; the sub-flow picker asks only when it is shown). */
export const useFlows = (enabled = true) => useQuery({ queryKey: flowKeys.all, queryFn: () => api.get("/api/flows"), enabled });

/** One flow with its graph, for the canvas and the node page. */
export const useFlow = (id: number, enabled = true) =>
  useQuery({ queryKey: flowDetailKeys.one(id), queryFn: () => api.get("/api/flows/:id", { params: { id } }), enabled });

/** The company's custom API endpoints (their page; the API node's picker asks only when it is shown). */
export const useCustomApis = (enabled = true) => useQuery({ queryKey: customApiKeys.all, queryFn: () => api.get("/api/custom-api"), enabled });

// --- The flows page (FlowsPage) ---

const createFlow = (body: { title: string; topics: string[] }) => api.post("/api/flows", { body });
export const useCreateFlow = (reactions: MutationReactions<typeof createFlow>) => useMutation({ ...reactions, mutationFn: createFlow });

/** A flow row's actions: duplicate it, delete it; either refreshes the list. */
export function useFlowRowActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: flowKeys.all });
  const duplicate = useMutation({
    mutationFn: (flow: FlowSummaryView) => api.post("/api/flows/:id/duplicate", { params: { id: flow.id } }),
    onSuccess: refresh,
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (flow: FlowSummaryView) => api.del("/api/flows/:id", { params: { id: flow.id } }),
    onSuccess: refresh,
    onError: notifyError,
  });
  return { duplicate, remove };
}

// --- The canvas (FlowCanvasPage, TestChat) and the node page (FlowNodePage) ---

/**
 * Saving the canvas's graph, publishing it (saved first, then checked: the problems found are kept to show)
 * and switching a published flow off. Each answer replaces the cached flow.
 */
export function useFlowActions(flow: FlowView, graph: () => FlowGraph, onSaved: () => void) {
  const client = useQueryClient();
  const [problems, setProblems] = useState<FlowProblem[]>([]);
  const save = useMutation({
    mutationFn: () => api.put("/api/flows/:id", { params: { id: flow.id }, body: { graph: graph() } }),
    onSuccess: (saved) => {
      onSaved();
      client.setQueryData(flowDetailKeys.one(flow.id), saved);
    },
    onError: notifyError,
  });
  const publish = useMutation({
    mutationFn: async () => {
      await save.mutateAsync();
      const found = await api.get("/api/flows/:id/problems", { params: { id: flow.id } });
      setProblems(found.problems);
      if (found.problems.length) return null;
      return api.post("/api/flows/:id/status", { params: { id: flow.id }, body: { status: "published" } });
    },
    onSuccess: (published) => {
      if (published) {
        client.setQueryData(flowDetailKeys.one(flow.id), published);
        void client.invalidateQueries({ queryKey: flowKeys.all });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && typeof error.details.problems === "string") setProblems(JSON.parse(error.details.problems) as FlowProblem[]);
      else notifyError(error);
    },
  });
  const switchOff = useMutation({
    mutationFn: () => api.post("/api/flows/:id/status", { params: { id: flow.id }, body: { status: "off" } }),
    onSuccess: (off) => client.setQueryData(flowDetailKeys.one(flow.id), off),
    onError: notifyError,
  });
  return { save, publish, switchOff, problems, setProblems };
}

/**
 * Saves a flow's graph as `graph()` gives it at the moment of sending (the node page changes one node); the answer
 * replaces the cached flow.
 */
export function useSaveFlowGraph(flowId: number, graph: () => FlowGraph, reactions: MutationReactions<() => Promise<FlowView>>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: () => api.put("/api/flows/:id", { params: { id: flowId }, body: { graph: graph() } }),
    onSuccess: (saved, ...rest) => {
      client.setQueryData(flowDetailKeys.one(flowId), saved);
      return reactions.onSuccess?.(saved, ...rest);
    },
  });
}

const testFlow = (id: number, body: FlowTestInput) => api.post("/api/flows/:id/test", { params: { id }, body });

/** Runs the saved draft without publishing it; `beforeSend` saves the canvas first. */
export function useTestFlow(
  flowId: number,
  beforeSend: () => Promise<void>,
  reactions: MutationReactions<(body: FlowTestInput) => ReturnType<typeof testFlow>>,
) {
  return useMutation({
    ...reactions,
    mutationFn: async (body: FlowTestInput) => {
      await beforeSend();
      return testFlow(flowId, body);
    },
  });
}

// --- The custom API page (CustomApiPage) ---

const saveCustomApi = ({ id, body }: { id: number | null; body: CustomApiInput }) =>
  id === null ? api.post("/api/custom-api", { body }) : api.put("/api/custom-api/:id", { params: { id }, body });

/** Adds an endpoint (`id` null) or saves a changed one; the list refreshes. */
export function useSaveCustomApi(reactions: MutationReactions<typeof saveCustomApi>) {
  const client = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: saveCustomApi,
    onSuccess: (...args) => {
      const reacted = reactions.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: customApiKeys.all });
      return reacted;
    },
  });
}

/** The dialog's test call of what is typed, saved or not: nothing is stored. */
const testCustomApi = (body: CustomApiDraftTestInput) => api.post("/api/custom-api/test", { body });
export const useTestCustomApi = (reactions: MutationReactions<typeof testCustomApi>) => useMutation({ ...reactions, mutationFn: testCustomApi });

/** An endpoint row's actions: switch it on or off, delete it; either refreshes the list. */
export function useCustomApiRowActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: customApiKeys.all });
  const status = useMutation({
    mutationFn: (e: CustomApiView) =>
      api.post("/api/custom-api/:id/status", { params: { id: e.id }, body: { status: e.status === "active" ? "inactive" : "active" } }),
    onSuccess: refresh,
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (e: CustomApiView) => api.del("/api/custom-api/:id", { params: { id: e.id } }),
    onSuccess: refresh,
    onError: notifyError,
  });
  return { status, remove };
}

// --- Voice prompts (VoiceSettings) ---

/** Uploads a recorded prompt; the server checks its type and size from the bytes. */
const uploadPrompt = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return api.upload("/api/flows/prompts", form);
};
export const useUploadPrompt = (reactions: MutationReactions<typeof uploadPrompt>) => useMutation({ ...reactions, mutationFn: uploadPrompt });
