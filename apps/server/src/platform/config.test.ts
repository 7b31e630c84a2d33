import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({}, { dotenv: false });
    expect(config).toMatchObject({
      PORT: 3000,
      SESSION_TTL_HOURS: 24,
      SIGNUP_APPROVAL_REQUIRED: false,
      PUBLIC_URL: "http://localhost:3000",
      secureCookies: false,
    });
    expect(config.DATA_DIR).toMatch(/\/data$/);
  });

  it("names the variable of a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" }, { dotenv: false })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" }, { dotenv: false })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" }, { dotenv: false })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SIGNUP_APPROVAL_REQUIRED: "maybe" }, { dotenv: false })).toThrow(/SIGNUP_APPROVAL_REQUIRED/);
  });

  it("uses secure cookies behind an https public URL and parses admin e-mails", () => {
    const config = loadConfig({ PUBLIC_URL: "https://help.example.mn/", PLATFORM_ADMIN_EMAILS: " Root@X.mn, b@y.mn " }, { dotenv: false });
    expect(config.PUBLIC_URL).toBe("https://help.example.mn");
    expect(config.secureCookies).toBe(true);
    expect(config.PLATFORM_ADMIN_EMAILS).toEqual(["root@x.mn", "b@y.mn"]);
  });
});
