/** A substring pattern for (I)LIKE with the user's %, _ and \ taken literally. */
export const containsPattern = (value: string): string => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
