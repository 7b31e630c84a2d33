import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { servicerateKeys } from "./servicerate.keys.ts";

/** The conversation behind the link's token; a spent or unknown token is an answer, not worth a retry. */
export const useServiceRatePage = (token: string) =>
  useQuery({
    queryKey: servicerateKeys.page(token),
    queryFn: () => api.get("/api/public/servicerate/:token", { params: { token } }),
    retry: false,
  });

export const useRate = (token: string) =>
  useMutation({
    mutationFn: (input: { rating: number; comment: string }) => api.post("/api/public/servicerate/:token", { params: { token }, body: input }),
  });
