import { randomInt } from "node:crypto";
import { LIMITS } from "@holboo/core";
import { hashToken } from "../../platform/auth/tokens.ts";

/** Letters and digits that do not read as each other (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** Ten codes like `k7m2p-x9qrt` (about 98 bits each), shown once. */
export const newRecoveryCodes = (): string[] => Array.from({ length: LIMITS.twoFactorRecoveryCodes }, () => `${group()}-${group()}`);

/** How a typed code is compared: case, spaces and dashes do not matter. */
export const recoveryCodeHash = (code: string): string => hashToken(code.toLowerCase().replace(/[\s-]/g, ""));
