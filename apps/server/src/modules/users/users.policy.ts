import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import type { UserRow } from "./users.repo.ts";

/**
 * Rules about changing another user (spec §4, §6), on top of the route's `user.manage`:
 * the owner's role, status and existence are protected; nobody changes their own role or status here.
 */
export function assertCanChangeUser(actor: MemberActor, target: UserRow, ownerUserId: number, change: "role" | "status" | "delete" | "profile") {
  if (change !== "profile" && target.id === ownerUserId) fail("owner_protected");
  if (change !== "profile" && target.id === actor.userId) fail("self_change_forbidden");
  if (target.userType !== "human") fail("user_not_found");
}
