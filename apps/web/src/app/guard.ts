import type { MeView } from "@holboo/core";

export type GuardMe = MeView | null | "error";

export interface GuardInput {
  pathname: string;
  search: string;
  hash: string;
  /** The current user, null when not logged in, "error" when loading failed. */
  me: GuardMe;
  trialCookie: boolean;
  routeMatched: boolean;
}

export type GuardDecision =
  | { kind: "allow" }
  | { kind: "redirect"; to: string }
  | { kind: "handoff"; token: string; userID: string; email: string; cleanPath: string }
  | { kind: "notFound" };

const PUBLIC_PATHS = ["/webchat", "/webchat/test"];
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** Sign-in pages: reachable without a session (the spec's /pub/login sits outside the guard), pointless with one. */
const SIGN_IN_PATHS = ["/login", "/pub/login"];
/** Other /pub/ pages, such as the password-reset link from an e-mail, are open to everyone. */
const isPubPage = (path: string) => path.startsWith("/pub/");

/**
 * The auth guard of spec §2, as a pure decision. Rule 2 deviates on purpose: the hand-off parameters
 * are a one-time token exchanged by the server for a session, never stored in readable cookies.
 */
export function decideGuard(input: GuardInput): GuardDecision {
  const path = normalise(input.pathname);
  // Rule 1: the web-chat pages and the landing page are public.
  if (PUBLIC_PATHS.includes(path)) return { kind: "allow" };

  // Rule 2: token, userID and email together are a hand-off; reload the same path without them,
  // keeping any other query parameters and the hash.
  const params = new URLSearchParams(input.search);
  const token = params.get("token");
  const userID = params.get("userID");
  const email = params.get("email");
  if (path !== "/" && token && userID && email) {
    for (const name of ["token", "userID", "email"]) params.delete(name);
    const rest = params.toString();
    return { kind: "handoff", token, userID, email, cleanPath: `${input.pathname}${rest ? `?${rest}` : ""}${input.hash}` };
  }

  // Rule 3: loading the current user failed.
  if (input.me === "error") return path === "/" || isPubPage(path) || SIGN_IN_PATHS.includes(path) ? { kind: "allow" } : { kind: "redirect", to: "/pub/login" };
  const me = input.me;

  // Rule 4: service-rating pages are for customers.
  if (path.includes("servicerate")) return { kind: "allow" };

  // Rule 5: a logged-in user at the root goes to the inbox (a visitor sees the landing page, rule 1).
  if (path === "/") return me ? { kind: "redirect", to: "/interacts" } : { kind: "allow" };

  if (SIGN_IN_PATHS.includes(path)) return me ? { kind: "redirect", to: "/interacts" } : { kind: "allow" };
  if (isPubPage(path)) return { kind: "allow" };

  // Rule 6: everything else needs a login.
  if (!me) return { kind: "redirect", to: "/pub/login" };

  // Rule 7: a user without a company finishes onboarding first.
  // The platform admin runs the platform without a company of their own.
  if (me.company_id === 0 && me.is_platform_admin && (path === "/admin" || path.startsWith("/admin/"))) return { kind: "allow" };
  if (me.company_id === 0) {
    const target = me.is_approved_by_superadmin && input.trialCookie ? "/onboarding/progress" : "/onboarding";
    return path === target ? { kind: "allow" } : { kind: "redirect", to: target };
  }

  // Rule 8: a user with a company has nothing to do in onboarding.
  if (path.startsWith("/onboarding")) return { kind: "redirect", to: "/interacts" };

  // Rule 9: an unmatched route is a 404.
  if (!input.routeMatched) return { kind: "notFound" };
  return { kind: "allow" };
}
