import type { OnboardingInput } from "@holboo/core";

export type OnboardingField = keyof OnboardingInput;
export type OnboardingValues = Record<OnboardingField, string>;

/**
 * Spec §2 wizard: welcome, company name, industry, employee count, the first AI agent, optionally a
 * channel, then success. The company is created when the agent step is done, so the channel step
 * can link to the settings of a company that exists.
 */
export const WIZARD_STEPS = [
  { key: "welcome", fields: [] },
  { key: "company", fields: ["company_name"] },
  { key: "sector", fields: ["sector"] },
  { key: "employees", fields: ["employee_range"] },
  { key: "agent", fields: ["agent_name"] },
  { key: "channel", fields: [] },
  { key: "done", fields: [] },
] as const satisfies ReadonlyArray<{ key: string; fields: readonly OnboardingField[] }>;

export type WizardStepKey = (typeof WIZARD_STEPS)[number]["key"];

export const CREATE_STEP = WIZARD_STEPS.findIndex((step) => step.key === "agent");
export const CHANNEL_STEP = WIZARD_STEPS.findIndex((step) => step.key === "channel");
export const DONE_STEP = WIZARD_STEPS.length - 1;

export const EMPTY_VALUES: OnboardingValues = { company_name: "", sector: "", employee_range: "", agent_name: "" };

/** The first step holding one of these fields, to go back to where the server found a problem. */
export const stepOfFields = (fields: string[]): number =>
  WIZARD_STEPS.findIndex((step) => step.fields.some((field: OnboardingField) => fields.includes(field)));

/** Only the problems of the fields shown on a step. */
export function errorsOfStep(step: number, errors: Record<string, string>): Record<string, string> {
  const fields: readonly string[] = WIZARD_STEPS[step]?.fields ?? [];
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}
