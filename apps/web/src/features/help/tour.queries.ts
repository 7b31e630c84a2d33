import type { TourState } from "@holboo/core";
import { api } from "../../lib/api.ts";
import { meKeys } from "../../lib/session.ts";

export const tourQuery = {
  queryKey: meKeys.tour(),
  queryFn: () => api.get("/api/me/tour"),
};

let saving: Promise<unknown> = Promise.resolve();
/** One save after another: stepping quickly through the tour must not let an earlier step's save land last. */
export function saveTour(state: TourState): Promise<TourState> {
  const saved = saving.then(() => api.put("/api/me/tour", { body: state }));
  saving = saved.catch(() => undefined);
  return saved;
}
