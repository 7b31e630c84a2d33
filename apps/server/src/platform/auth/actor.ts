import type { Locale, Permission, Role } from "@holboo/core";

/** Who is making a request, as the policy sees it. Built from the session on every request. */
export interface Actor {
  userId: number;
  companyId: number | null;
  email: string;
  role: Role;
  locale: Locale;
  permissions: ReadonlySet<Permission>;
  isOwner: boolean;
  isPlatformAdmin: boolean;
  /** The company's access is closed (unpaid invoice, ended trial or term, the platform admin): member routes refuse. */
  companyAccessClosed: boolean;
  sessionId: string;
  csrfToken: string;
  /** The request's address (null for a socket), for the audit log. */
  ip: string | null;
  /** The company requires two-step verification and this person has not set it up: only personal routes answer. */
  twoFactorPending: boolean;
}

/** An actor that belongs to a company; what `member`/`permission` routes receive. */
export type MemberActor = Actor & { companyId: number };
