interface MaybePgError {
  code?: string;
  cause?: unknown;
}

/** PostgreSQL's unique_violation (the loser of a race on a unique index), also when drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as MaybePgError | null, depth = 0; current && depth < 3; current = current.cause as MaybePgError | null, depth++) {
    if (current.code === "23505") return true;
  }
  return false;
}

/** Runs `write`; a unique violation becomes the given failure instead of a 500. */
export async function onUniqueViolation<T>(write: Promise<T>, onViolation: () => never): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) onViolation();
    throw error;
  }
}
