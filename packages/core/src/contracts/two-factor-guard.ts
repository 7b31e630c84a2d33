import type { LoginResult, TwoFactorChallengeView } from "./two-factor.ts";

/** Apart from the schemas, so a first screen that only needs this check does not load zod (the size budget). */
export const isTwoFactorChallenge = (result: LoginResult): result is TwoFactorChallengeView => "two_factor_required" in result;
