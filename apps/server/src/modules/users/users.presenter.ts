import type { Presence, Role, UserStatus, UserType, UserView } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { invitationPending, userAbilities } from "./users.policy.ts";
import type { UserRow } from "./users.repo.ts";

export const userPhotoUrl = (row: UserRow): string | null => (row.photoFileId ? `/api/files/${row.photoFileId}` : null);

/** A user as `actor` sees them, with what the actor may do to them. */
export function presentUser(row: UserRow, ownerUserId: number | null, actor: MemberActor): UserView {
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
    can: userAbilities(actor, row, ownerUserId),
  };
}
