import type { ErrorCode } from "@holboo/core";
import type { ReactNode } from "react";
import { notifyError } from "../../lib/api.ts";
import { ApiError } from "../../lib/http.ts";
import { errorMessage } from "../../lib/errors.ts";

interface FormLike {
  values: object;
  setErrors: (errors: Record<string, ReactNode>) => void;
}

/**
 * Puts a failed save's field codes under the form's inputs (in the interface language). A code the
 * server sent without a field goes to the field `codeFields` names for it; anything else is a toast.
 */
export function showServerErrors(error: unknown, form: FormLike, codeFields: Partial<Record<ErrorCode, string>> = {}) {
  if (error instanceof ApiError) {
    const known = new Set(Object.keys(form.values));
    const fields: Record<string, ErrorCode> = Object.fromEntries(Object.entries(error.fields).filter(([field]) => known.has(field)));
    const fallback = error.code ? codeFields[error.code] : undefined;
    if (!Object.keys(fields).length && error.code && fallback && known.has(fallback)) fields[fallback] = error.code;
    if (Object.keys(fields).length) {
      form.setErrors(Object.fromEntries(Object.entries(fields).map(([field, code]) => [field, errorMessage(code)])));
      return;
    }
  }
  notifyError(error);
}
