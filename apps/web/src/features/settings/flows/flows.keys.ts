/** The flow list (the flows page and the sub-flow picker). */
export const flowKeys = { all: ["flows"] as const };

/** One flow open in the editor: its own root, so refreshing the list does not reload an open canvas. */
export const flowDetailKeys = {
  all: ["flow"] as const,
  one: (id: number) => [...flowDetailKeys.all, id] as const,
};

/** The company's custom API endpoints (their page and the API node's picker). */
export const customApiKeys = { all: ["custom-api"] as const };
