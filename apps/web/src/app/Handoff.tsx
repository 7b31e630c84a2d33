import type { MeView } from "@holboo/core";
import { useEffect, useState } from "react";
import { Navigate } from "react-router";
import { FullPageLoader } from "../components/FullPageLoader.tsx";
import { api, notifyError } from "../lib/api.ts";

interface HandoffProps {
  token: string;
  userID: string;
  email: string;
  cleanPath: string;
}

/** Reloads the page at the cleaned address, so the new session cookie is used from the start. Tests replace it. */
export const handoffReload = { to: (path: string) => window.location.replace(path) };

/** One exchange per token: the token is single-use, and StrictMode runs effects twice in development. */
const exchanges = new Map<string, Promise<MeView>>();

export function exchangeHandoff({ token, userID, email }: Omit<HandoffProps, "cleanPath">): Promise<MeView> {
  let exchange = exchanges.get(token);
  if (!exchange) {
    exchange = api.post<MeView>("/api/auth/handoff", { token, userID: Number(userID), email });
    exchanges.set(token, exchange);
  }
  return exchange;
}

/**
 * Guard rule 2 (hardened): the server swaps the one-time token for a session cookie, then the same
 * page reloads without the three parameters. A failed exchange shows its error and goes to login.
 */
export function Handoff({ token, userID, email, cleanPath }: HandoffProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    exchangeHandoff({ token, userID, email })
      .then(() => {
        if (active) handoffReload.to(cleanPath);
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
  return <FullPageLoader />;
}
