import { lazy, Suspense, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useBillingStatus } from "./billing.queries.ts";

// The screens load only when there is something to say: the first screen carries just the status query.
const AccessClosedScreen = lazy(() => import("./BillingNotices.tsx").then((m) => ({ default: m.AccessClosedScreen })));
const NoticeBanner = lazy(() => import("./BillingNotices.tsx").then((m) => ({ default: m.NoticeBanner })));

/**
 * Around every company screen: while the company's access is closed (an unpaid invoice, an ended trial or term, the
 * platform admin) a screen says why and how to pay, except on My plan and its archive; a billing reminder is a banner.
 */
export function BillingGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const status = useBillingStatus(true);
  const reason = status.data?.suspended_reason ?? null;
  const notice = status.data?.notice ?? null;
  if (reason && !pathname.startsWith("/settings/my_plan"))
    return (
      <Suspense fallback={null}>
        <AccessClosedScreen reason={reason} notice={notice} />
      </Suspense>
    );
  return (
    <>
      {notice && !reason && (
        <Suspense fallback={null}>
          <NoticeBanner notice={notice} />
        </Suspense>
      )}
      {children}
    </>
  );
}
