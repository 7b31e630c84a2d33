import { QueryClient } from "@tanstack/react-query";
import { notifyError } from "./api.ts";
import { ApiError } from "./http.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
    mutations: { onError: notifyError },
  },
});
