import type { Presence, Role, UserStatus, UserType, UserView } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { UserRow } from "./users.repo.ts";

export const userPhotoUrl = (row: UserRow): string | null => (row.photoFileId ? `/api/files/${row.photoFileId}` : null);

/** Invited and never signed in (a sign-in, by the invitation or otherwise, stamps `last_seen_at`) nor given a password. */
export const invitationPending = (row: UserRow): boolean =>
  row.userType === "human" && !!row.email && row.passwordHash === null && row.lastSeenAt === null && row.invitedByUserId !== null;

export function presentUser(row: UserRow, ownerUserId: number | null): UserView {
  return {
    ID: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    user_name: fullName(row.firstName, row.lastName),
    email: row.email,
    phone: row.phone,
    role: row.role as Role,
    user_type: row.userType as UserType,
    user_status: row.status as UserStatus,
    presence: row.presence as Presence,
    is_owner: row.id === ownerUserId,
    has_password: row.passwordHash !== null,
    invitation_pending: invitationPending(row),
    photo_url: userPhotoUrl(row),
    created_at: row.createdAt.toISOString(),
  };
}
