import { TRIAL_ONBOARDING_COOKIE } from "@holboo/core";
import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation, useMatches } from "react-router";
import { FullPageLoader } from "../components/FullPageLoader.tsx";
import { ErrorScreen } from "../layouts/ErrorScreen.tsx";
import { ApiError } from "../lib/http.ts";
import { readCookie } from "../lib/cookies.ts";
import { useMe } from "../lib/session.ts";
import { decideGuard, type GuardMe } from "./guard.ts";
import { Handoff } from "./Handoff.tsx";
import { withLaterStyles } from "./later-styles.ts";
import { ScrollManager } from "./ScrollManager.tsx";

/** Only invited colleagues who came in by link see it: it loads for them alone. */
const SetPasswordPrompt = lazy(() => withLaterStyles(import("./SetPasswordPrompt.tsx")).then((m) => ({ default: m.SetPasswordPrompt })));
/** Members of a company that requires two-step verification, before they set it up: nothing else renders (the API refuses it too). */
const TwoFactorRequiredScreen = lazy(() =>
  withLaterStyles(import("../features/security/TwoFactorRequiredScreen.tsx")).then((m) => ({ default: m.TwoFactorRequiredScreen })),
);

/** The id of the catch-all route; matching it means no real route matched (guard rule 9). */
export const NOT_FOUND_ROUTE_ID = "not-found";

/** Applies the auth guard to every navigation, then renders the matched layout. */
export function Root() {
  const location = useLocation();
  const matches = useMatches();
  const me = useMe();
  if (me.isPending) {
    return <FullPageLoader />;
  }
  const guardMe: GuardMe = me.data ?? (me.error instanceof ApiError && me.error.status === 401 ? null : "error");
  const decision = decideGuard({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    me: guardMe,
    trialCookie: readCookie(TRIAL_ONBOARDING_COOKIE) !== undefined,
    routeMatched: !matches.some((match) => match.id === NOT_FOUND_ROUTE_ID),
  });
  if (decision.kind === "handoff") return <Handoff {...decision} />;
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  if (decision.kind === "notFound") return <ErrorScreen />;
  if (me.data?.two_factor_enrolment_required) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <TwoFactorRequiredScreen />
      </Suspense>
    );
  }
  return (
    <>
      <ScrollManager />
      {me.data?.needs_password && (
        <Suspense fallback={null}>
          <SetPasswordPrompt />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
