import { isTwoFactorChallenge } from "@holboo/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { Navigate } from "react-router";
import { FullPageLoader } from "../components/FullPageLoader.tsx";
import { AuthCard } from "../features/auth/AuthCard.tsx";
import { notifyError } from "../lib/api.ts";
import { exchangeHandoff } from "./app.queries.ts";
import { withLaterStyles } from "./later-styles.ts";

// Lazy: its form brings the schemas (zod), which the first screen must not load.
const TwoFactorLoginStep = lazy(() => withLaterStyles(import("../features/auth/TwoFactorLoginStep.tsx")).then((m) => ({ default: m.TwoFactorLoginStep })));

interface HandoffProps {
  token: string;
  userID: string;
  email: string;
  cleanPath: string;
}

/** Reloads the page at the cleaned address, so the new session cookie is used from the start. Tests replace it. */
export const handoffReload = { to: (path: string) => window.location.replace(path) };

/**
 * Guard rule 2 (hardened): the server swaps the one-time token for a session cookie, then the same
 * page reloads without the three parameters. An account with two-step verification is asked for its code first.
 * A failed exchange shows its error and goes to login.
 */
export function Handoff({ token, userID, email, cleanPath }: HandoffProps) {
  const [failed, setFailed] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    exchangeHandoff({ token, userID, email })
      .then((result) => {
        if (!active) return;
        if (isTwoFactorChallenge(result)) setChallenge(result.challenge);
        else handoffReload.to(cleanPath);
      })
      .catch((error: unknown) => {
        if (!active) return;
        notifyError(error);
        setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [token, userID, email, cleanPath]);
  if (failed) return <Navigate to="/pub/login" replace />;
  if (challenge)
    return (
      <AuthCard>
        <Suspense fallback={<FullPageLoader />}>
          <TwoFactorLoginStep challenge={challenge} onBack={() => setFailed(true)} onSignedIn={() => handoffReload.to(cleanPath)} />
        </Suspense>
      </AuthCard>
    );
  return <FullPageLoader />;
}
