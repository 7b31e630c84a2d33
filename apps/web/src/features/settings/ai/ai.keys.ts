/** The company's own model endpoint for the answer engine. */
export const modelProviderKeys = { all: ["model-provider"] as const };
