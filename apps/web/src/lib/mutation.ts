import type { UseMutationOptions } from "@tanstack/react-query";

/** A call a feature's mutation makes: one argument (the variables) or none. */
type Call = (...args: never[]) => Promise<unknown>;
type Variables<F extends Call> = Parameters<F> extends [] ? void : Parameters<F>[0];

/**
 * What a screen adds to its feature's mutation hook: its own reactions (a toast, form errors, closing a dialog).
 * The call itself stays in <feature>.queries.ts.
 */
export type MutationReactions<F extends Call> = Omit<UseMutationOptions<Awaited<ReturnType<F>>, Error, Variables<F>>, "mutationFn">;
