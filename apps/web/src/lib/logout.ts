import { api } from "./api.ts";

/** GET /api/logout, then the browser goes to "/" (spec §7). */
export async function logout() {
  await api.get("/api/logout").catch(() => undefined);
  window.location.assign("/");
}
