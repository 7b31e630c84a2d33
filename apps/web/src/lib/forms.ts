import type { z } from "zod";
import { fieldErrors, notifyError } from "./api.ts";
import { errorMessage, isKnownErrorCode } from "./errors.ts";

/** Validates with a core schema; returns translated messages per field (first problem of each). */
export function validate<T extends z.ZodType>(schema: T, values: unknown): { ok: true; data: z.infer<T> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".");
    if (errors[field]) continue;
    errors[field] = errorMessage(isKnownErrorCode(issue.message) ? issue.message : "invalid_parameters");
  }
  return { ok: false, errors };
}

/**
 * A failed submit: the server's field codes go under their inputs; a failure without field codes
 * is shown as the usual critical toast.
 */
export function showSubmitError(error: unknown, setErrors: (errors: Record<string, string>) => void) {
  const fields = fieldErrors(error);
  if (Object.keys(fields).length) setErrors(fields);
  else notifyError(error);
}

/** A submit handler that checks the values with a core schema first: problems go under the inputs, valid values to `save`. */
export function submitValid<V>(schema: z.ZodType, setErrors: (errors: Record<string, string>) => void, save: (values: V) => void) {
  return (values: V) => {
    const checked = validate(schema, values);
    if (!checked.ok) return setErrors(checked.errors);
    save(values);
  };
}
