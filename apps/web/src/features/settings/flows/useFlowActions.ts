import type { FlowGraph, FlowProblem, FlowView } from "@holboo/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, notifyError } from "../../../lib/api.ts";
import { ApiError } from "../../../lib/http.ts";
import { flowDetailKeys, flowKeys } from "./flows.keys.ts";

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
