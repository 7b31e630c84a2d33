import type { ErrorCode, InteractionAbilities, InteractionAction, Permission, Role } from "@holboo/core";
import { ROLES } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { seesEveryInteraction } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import type { InteractionRow } from "./interactions.repo.ts";

/**
 * Who sees an interaction (spec §6 "view all closed, otherwise only own"): members with
 * interaction.view_all_closed see all; others see their own (assigned or closed by them) and the open
 * ones waiting in the queue or with the AI agent. An invisible interaction answers 404.
 */
export function canSee(actor: MemberActor, interaction: InteractionRow): boolean {
  if (interaction.companyId !== actor.companyId) return false;
  if (seesEveryInteraction(actor)) return true;
  if (interaction.assigneeUserId === actor.userId || interaction.closedByUserId === actor.userId) return true;
  return interaction.status === "open" && (interaction.ownerType === "queue" || interaction.ownerType === "ai");
}

export { seesEveryInteraction };

export function assertVisible(actor: MemberActor, interaction: InteractionRow | null): InteractionRow {
  if (!interaction || !canSee(actor, interaction)) return fail("interaction_not_found");
  return interaction;
}

export function assertOpen(interaction: InteractionRow): void {
  if (interaction.status !== "open") fail("interaction_closed");
}

type Working = Pick<InteractionRow, "status" | "ownerType" | "assigneeUserId" | "ratedAt">;

/**
 * Why the actor may not do `action` to a visible interaction, or null when they may. Working a conversation needs
 * interaction.edit; replying, notes, ownership and closing need it open; tags and a rating request (which the customer
 * answers after the end too) do not; only what the AI agent holds is escalated, and a rating is asked for once.
 * The routes refuse by this rule and `can` is filled from it, so what the web offers is what the server does.
 */
function refusal(actor: MemberActor, interaction: Working, action: InteractionAction): ErrorCode | null {
  if (!actor.permissions.has("interaction.edit")) return "forbidden";
  if (action === "tag") return null;
  if (action === "request_rating") return interaction.ratedAt ? "rating_already_given" : null;
  if (interaction.status !== "open") return "interaction_closed";
  if (action === "escalate" && interaction.ownerType !== "ai") return "escalate_failed";
  return null;
}

export function assertMayWork(actor: MemberActor, interaction: Working, action: InteractionAction): void {
  const code = refusal(actor, interaction, action);
  if (code) fail(code);
}

const allowed = (actor: MemberActor, interaction: Working, action: InteractionAction) => refusal(actor, interaction, action) === null;
const ownedBy = (interaction: Working, userId: number) => interaction.ownerType === "user" && interaction.assigneeUserId === userId;

/**
 * What the actor may do with a visible interaction. Taking over what one already holds, or handing back what the AI
 * agent already holds, changes nothing (the server answers it as done), so it is not offered.
 */
export const interactionAbilities = (actor: MemberActor, interaction: Working): InteractionAbilities => ({
  reply: allowed(actor, interaction, "reply"),
  note: allowed(actor, interaction, "note"),
  take_over: allowed(actor, interaction, "take_over") && !ownedBy(interaction, actor.userId),
  escalate: allowed(actor, interaction, "escalate"),
  hand_back: allowed(actor, interaction, "hand_back") && interaction.ownerType !== "ai",
  assign: allowed(actor, interaction, "assign"),
  tag: allowed(actor, interaction, "tag"),
  request_rating: allowed(actor, interaction, "request_rating"),
  close: allowed(actor, interaction, "close"),
});

/** Who may be given a conversation by hand: an active person (a virtual agent is not a person to assign to). */
export const mayBeAssigned = (user: { userType: string; status: string }): boolean => user.userType === "human" && user.status === "active";

export interface AssignmentCandidate {
  id: number;
  role: string;
  userType: string;
  status: string;
  online: boolean;
  openCount: number;
  lastAssignedAt: Date | null;
}

/**
 * Whom a conversation goes to automatically: the least busy active person online whose role works conversations
 * (interaction.edit; admins always), under the company's limit of open conversations each; ties go to whoever was
 * given one longest ago (never first), then the earliest account. Null: nobody has room, the queue holds it.
 */
export function pickAssignee(
  candidates: readonly AssignmentCandidate[],
  permissionsOf: (role: Role) => ReadonlySet<Permission>,
  maxOpenPerAgent: number,
): AssignmentCandidate | null {
  const works = (role: string) => (ROLES as readonly string[]).includes(role) && permissionsOf(role as Role).has("interaction.edit");
  const eligible = candidates.filter((person) => mayBeAssigned(person) && person.online && works(person.role));
  const order = (a: AssignmentCandidate, b: AssignmentCandidate) =>
    a.openCount - b.openCount || (a.lastAssignedAt?.getTime() ?? -Infinity) - (b.lastAssignedAt?.getTime() ?? -Infinity) || a.id - b.id;
  // The least busy first: if they have no room, nobody has.
  const [first] = eligible.sort(order);
  return first && first.openCount < maxOpenPerAgent ? first : null;
}
