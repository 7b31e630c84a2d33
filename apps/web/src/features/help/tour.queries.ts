import type { TourState } from "@holboo/core";
import { http } from "../../lib/http.ts";

export const tourQuery = {
  queryKey: ["me", "tour"] as const,
  queryFn: () => http.get<TourState>("/api/me/tour"),
};

let saving: Promise<unknown> = Promise.resolve();
/** One save after another: stepping quickly through the tour must not let an earlier step's save land last. */
export function saveTour(state: TourState): Promise<TourState> {
  const saved = saving.then(() => http.put<TourState>("/api/me/tour", state));
  saving = saved.catch(() => undefined);
  return saved;
}
