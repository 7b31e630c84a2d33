/** Two-step sign-in caches: this person's status and the company's policy. */
export const twoFactorKeys = {
  all: ["two-factor"] as const,
  status: () => [...twoFactorKeys.all, "status"] as const,
  policy: () => [...twoFactorKeys.all, "policy"] as const,
};
