import type { UserView } from "@holboo/core";

/**
 * What the UI offers on a user row (spec §4, §6), mirroring the server's rules: the owner cannot be
 * deactivated, deleted or have the role changed; nobody changes their own role or status here;
 * virtual agents are managed with the agents, not here.
 */
export function userRowRules(user: UserView, meId: number | undefined, canManage: boolean) {
  const human = user.user_type === "human";
  const self = user.ID === meId;
  const protectedRow = user.is_owner || self;
  return {
    canEdit: canManage && human,
    canChangeRole: canManage && human && !protectedRow,
    canChangeStatus: canManage && human && !protectedRow,
    canDelete: canManage && human && !protectedRow,
    canResendInvite: canManage && human && user.invitation_pending,
  };
}
