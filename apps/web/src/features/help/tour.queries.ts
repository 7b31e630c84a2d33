import type { TourState } from "@holboo/core";
import { api } from "../../lib/api.ts";

export const tourQuery = {
  queryKey: ["me", "tour"] as const,
  queryFn: () => api.get<TourState>("/api/me/tour"),
};

export const saveTour = (state: TourState) => api.put<TourState>("/api/me/tour", state);
