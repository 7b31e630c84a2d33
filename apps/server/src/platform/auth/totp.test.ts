import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpCode } from "./totp.ts";

// RFC 6238 appendix B (SHA-1): the secret is the ASCII "12345678901234567890"; the RFC prints 8 digits, we use the last 6.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP (RFC 6238)", () => {
  it("matches the RFC's test vectors", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(RFC_SECRET, 20_000_000_000_000)).toBe("353130");
  });

  it("matches RFC 4226's HOTP values", () => {
    expect([0, 1, 2, 9].map((counter) => hotp(RFC_SECRET, counter))).toEqual(["755224", "287082", "359152", "520489"]);
  });

  it("accepts one step of drift either way and names the step, refuses two", () => {
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at), at)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 30_000), at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 60_000), at)).toBeNull();
    expect(matchTotp(RFC_SECRET, "12345", at)).toBeNull();
  });

  it("round-trips base32 and writes the key URI apps scan", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(otpauthUrl("Holboo", "a@b.mn", "ABC")).toBe("otpauth://totp/Holboo%3Aa%40b.mn?secret=ABC&issuer=Holboo&algorithm=SHA1&digits=6&period=30");
  });
});
