import type { MatrixPermission } from "@holboo/core";
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

/** Who may be given conversations to work, by automatic assignment: admins, and the roles holding this permission. */
export const WORKS_INTERACTIONS: MatrixPermission = "interaction.edit";

export function assertVisible(actor: MemberActor, interaction: InteractionRow | null): InteractionRow {
  if (!interaction || !canSee(actor, interaction)) return fail("interaction_not_found");
  return interaction;
}

export function assertOpen(interaction: InteractionRow): void {
  if (interaction.status !== "open") fail("interaction_closed");
}
