import { LIMITS, LOCALE_COOKIE } from "@holboo/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readCookie } from "../lib/cookies.ts";
import i18n, { changeLocale, currentLocale, initialLocale } from "./index.ts";

afterEach(async () => {
  vi.restoreAllMocks();
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
  await i18n.changeLanguage("mn");
});

describe("locale choice (spec §2, §7, §9)", () => {
  it("starts in Mongolian when nothing was chosen", () => {
    expect(initialLocale()).toBe("mn");
    expect(currentLocale()).toBe("mn");
  });

  it("stores the choice in the chosenLocale cookie for 365 days, switches the UI and calls change-lang", async () => {
    const written: string[] = [];
    const setter = vi.spyOn(document, "cookie", "set");
    setter.mockImplementation((value: string) => written.push(value));
    const send = vi.fn().mockResolvedValue({ ok: true });
    await changeLocale("en", send);
    expect(written).toEqual([`${LOCALE_COOKIE}=en; Max-Age=${LIMITS.localeCookieDays * 86_400}; Path=/; SameSite=Lax`]);
    expect(LIMITS.localeCookieDays).toBe(365);
    expect(send).toHaveBeenCalledWith("en");
    expect(currentLocale()).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("a later visit reads the cookie", async () => {
    await changeLocale("en", () => Promise.resolve());
    expect(readCookie(LOCALE_COOKIE)).toBe("en");
    expect(initialLocale()).toBe("en");
  });

  it("when change-lang fails it only logs the error and keeps the new language", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await changeLocale("en", () => Promise.reject(new Error("offline")));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(currentLocale()).toBe("en");
    expect(readCookie(LOCALE_COOKIE)).toBe("en");
  });
});
