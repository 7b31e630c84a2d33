import { errorMessage, errorStatus, type ApiErrorBody, type ErrorCode, type Locale } from "@holboo/core";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isErrorCode } from "@holboo/core";
import { requestLocale } from "../i18n.ts";

/** The one error type of the server: a catalogue code, optionally per-field codes. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    readonly details?: Record<string, string | number>,
  ) {
    super(code);
  }
}

export const fail = (code: ErrorCode, fields?: Record<string, ErrorCode>, details?: Record<string, string | number>): never => {
  throw new AppError(code, fields, details);
};

export function errorBody(code: ErrorCode, locale: Locale, fields?: Record<string, ErrorCode>, details?: Record<string, string | number>): ApiErrorBody {
  return { error: { code, message: errorMessage(code, locale), ...(fields ? { fields } : {}), ...(details ? { details } : {}) } };
}

interface ValidationIssue {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Zod messages are catalogue codes; turn them into `{ field: code }` and pick the first as the main code. */
function fieldsFromValidation(issues: ValidationIssue[]): { code: ErrorCode; fields: Record<string, ErrorCode> } {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const message = issue.params?.issue?.message ?? issue.message;
    const code: ErrorCode = isErrorCode(message) ? message : "invalid_parameters";
    const pathParts = issue.params?.issue?.path ?? issue.instancePath?.split("/").filter(Boolean) ?? [];
    const field = pathParts.map(String).join(".") || "_";
    fields[field] ??= code;
  }
  const first = Object.values(fields)[0] ?? "validation_failed";
  return { code: first, fields };
}

/** The error body for a failure outside an HTTP reply (a socket acknowledgement): never leaks internals. */
export function errorBodyOf(error: unknown, locale: Locale): ApiErrorBody {
  return error instanceof AppError ? errorBody(error.code, locale, error.fields, error.details) : errorBody("internal_error", locale);
}

/** A zod failure of a payload validated by hand (socket events), as the catalogue codes HTTP validation gives. */
export function validationErrorBody(issues: ReadonlyArray<{ message: string; path: PropertyKey[] }>, locale: Locale): ApiErrorBody {
  const { code, fields } = fieldsFromValidation(issues.map((issue) => ({ params: { issue: { path: issue.path, message: issue.message } } })));
  return errorBody(code, locale, fields);
}

export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  if (error instanceof AppError) {
    return reply.status(errorStatus(error.code)).send(errorBody(error.code, locale, error.fields, error.details));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const { code, fields } = fieldsFromValidation(error.validation as ValidationIssue[]);
    return reply.status(400).send(errorBody(code, locale, fields));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.statusCode === 429) return reply.status(429).send(errorBody("rate_limited", locale));
  if (fastifyError.code === "FST_REQ_FILE_TOO_LARGE" || fastifyError.statusCode === 413) {
    return reply.status(413).send(errorBody("payload_too_large", locale));
  }
  if (fastifyError.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return reply.status(415).send(errorBody("unsupported_file_type", locale));
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return reply.status(400).send(errorBody("invalid_parameters", locale));
  }
  request.log.error({ err: error }, "unhandled error");
  return reply.status(500).send(errorBody("internal_error", locale));
}
