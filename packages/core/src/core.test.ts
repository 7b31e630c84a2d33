import { describe, expect, it } from "vitest";
import {
  contactDisplayName,
  contactKnownName,
  fullName,
  neutralizeBidi,
  safeLink,
  sanitizeDocLinks,
  ERROR_CATALOGUE,
  MATRIX_PERMISSIONS,
  PERMISSION_GROUPS,
  effectivePermissions,
  formatDuration,
  initials,
  isValidDomain,
  isValidEmail,
  isValidPhone,
  messageForStatus,
  pageItems,
  relativeTime,
} from "./index.ts";
import { AUTH_ERRORS } from "./errors/auth.ts";
import { CALL_ERRORS } from "./errors/calls.ts";
import { CHANNEL_ERRORS } from "./errors/channels.ts";
import { COMPANY_ERRORS } from "./errors/company.ts";
import { CONTACT_ERRORS } from "./errors/contacts.ts";
import { CONVERSATION_ERRORS } from "./errors/conversations.ts";
import { GENERIC_ERRORS } from "./errors/generic.ts";
import { KNOWLEDGE_ERRORS } from "./errors/knowledge.ts";

describe("error catalogue", () => {
  it("has a Mongolian and an English message and an HTTP status for every code", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.mn.trim(), code).not.toBe("");
      expect(entry.en.trim(), code).not.toBe("");
      expect(entry.mn, code).not.toBe(entry.en);
    }
    expect(ERROR_CATALOGUE.article_limit_reached.mn).toBe("Нийтлэл нэмэх боломж дүүрсэн байна");
    expect(ERROR_CATALOGUE.unregistered_domain.en).toBe("Unregistered domain");
  });

  it("lists every code in one feature area only (a second would silently replace the first in the table)", () => {
    const areas = [GENERIC_ERRORS, AUTH_ERRORS, COMPANY_ERRORS, CHANNEL_ERRORS, CONVERSATION_ERRORS, KNOWLEDGE_ERRORS, CONTACT_ERRORS, CALL_ERRORS];
    const codes = areas.flatMap((area) => Object.keys(area));
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    expect(codes).toEqual(Object.keys(ERROR_CATALOGUE));
  });

  it("maps failed statuses as spec §8 says", () => {
    expect(messageForStatus(600, "mn", "Серверээс ирсэн текст")).toBe("Серверээс ирсэн текст");
    expect(messageForStatus(400, "en", "ignored")).toBe("An error occurred");
    expect(messageForStatus(403, "mn")).toMatch(/Админд хандана уу/);
    expect(messageForStatus(418, "mn")).toBe("Алдаа гарлаа");
  });
});

describe("pagination (§9)", () => {
  it("lists up to 7 pages in full and nothing for one page", () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it("shows 1–5, an ellipsis and the last while the active page is 4 or lower", () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
  });
  it("shows the first, an ellipsis and the last 5 within 2 of the end", () => {
    expect(pageItems(18, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });
  it("otherwise shows the first, active−1..active+1 and the last", () => {
    expect(pageItems(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
  });
});

describe("relative time and durations (§9)", () => {
  const now = new Date(2026, 10, 22, 12, 0, 0);
  it("says just now under a minute, minutes under an hour, then the full date", () => {
    expect(relativeTime(new Date(now.getTime() - 20_000), "en", now)).toBe("just now");
    expect(relativeTime(new Date(now.getTime() - 5 * 60_000), "mn", now)).toBe("5 минутын өмнө");
    expect(relativeTime(new Date(now.getTime() - 60 * 60_000), "en", now)).toBe("2026-11-22 11:00");
  });
  it("shows days only from 30 days", () => {
    expect(formatDuration(31 * 86_400_000 + 3_600_000, "en")).toBe("31d");
    expect(formatDuration(2 * 86_400_000 + 3 * 3_600_000, "en")).toBe("2d 3h");
    expect(formatDuration(90_000, "mn")).toBe("1 мин 30 сек");
  });
});

describe("links and names from anyone", () => {
  it("keeps only http(s), mailto, tel and anchors, however the scheme is disguised", () => {
    for (const good of ["https://shop.mn/a?b=1", "http://x.mn", "mailto:a@b.mn", "tel:+97699112233", "#faq"]) expect(safeLink(good)).toBe(good);
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:x",
      "\u0001javascript:x",
      "data:text/html,<script>",
      "vbscript:x",
      "//evil.mn",
      "shop.mn",
      42,
    ]) {
      expect(safeLink(bad), String(bad)).toBeNull();
    }
  });

  it("unlinks unsafe links in a document and keeps their text", () => {
    const doc = sanitizeDocLinks({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "click", marks: [{ type: "bold" }, { type: "link", attrs: { href: "javascript:alert(document.cookie)" } }] },
            { type: "text", text: "shop", marks: [{ type: "link", attrs: { href: "https://shop.mn" } }] },
          ],
        },
      ],
    });
    expect(doc.content?.[0]?.content).toEqual([
      { type: "text", text: "click", marks: [{ type: "bold" }] },
      { type: "text", text: "shop", marks: [{ type: "link", attrs: { href: "https://shop.mn" } }] },
    ]);
  });

  it("shows names with bidi controls neutralised", () => {
    expect(fullName("user\u202Egnp", "exe")).toBe("usergnp exe");
    expect(neutralizeBidi("\u2066a\u2069\u200Fb\u061C")).toBe("ab");
    expect(initials("\u202EБат Дорж")).toBe("БД");
  });
});

describe("a contact's name on every screen", () => {
  it("is their name, else e-mail, else phone, the same wherever it is made", () => {
    expect(contactDisplayName({ id: 7, first_name: "Болд", last_name: "Дорж", phone: "+97699112233" }, "mn")).toBe("Болд Дорж");
    expect(contactDisplayName({ id: 7, name: "Болд Дорж" }, "en")).toBe("Болд Дорж");
    expect(contactDisplayName({ id: 7, first_name: "", last_name: "", email: "bold@shop.mn", phone: "+97699112233" }, "mn")).toBe("bold@shop.mn");
    expect(contactDisplayName({ id: 7, first_name: "", last_name: "", phone: "+97699112233" }, "mn")).toBe("+97699112233");
    expect(contactKnownName({ id: 7, first_name: " ", last_name: "" })).toBe("");
  });

  it("gives an anonymous visitor a stable number, told apart from the next, with their city when known, in either language", () => {
    expect(contactDisplayName({ id: 812, name: "" }, "mn")).toBe("Зочин #812");
    expect(contactDisplayName({ id: 812, name: "" }, "en")).toBe("Visitor #812");
    expect(contactDisplayName({ id: 813, first_name: "", last_name: "", city: "Дархан" }, "mn")).toBe("Зочин #813 · Дархан");
    expect(contactDisplayName({ id: 813, name: "\u202E", city: "\u202EДархан" }, "en")).toBe("Visitor #813 · Дархан");
  });
});

describe("avatar initials", () => {
  it("are at most two characters", () => {
    expect(initials("Батбаяр Дорж Гомбо")).toBe("БД");
    expect(initials("ganaa")).toBe("G");
    expect(initials("")).toBe("");
    // A visitor's number and a caller's phone give letters and digits, not "#" or "+".
    expect(initials("Зочин #7 · Дархан")).toBe("З7");
    expect(initials("+97699112233")).toBe("9");
  });
});

describe("validation", () => {
  it("accepts Mongolian phone numbers, with or without +976", () => {
    for (const phone of ["99112233", "+97699112233", "+976 9911 2233", "9911-2233", "+14155552671"]) expect(isValidPhone(phone), phone).toBe(true);
    for (const phone of ["1234", "991122334", "phone", "+976 12"]) expect(isValidPhone(phone), phone).toBe(false);
  });
  it("checks e-mails and domains", () => {
    expect(isValidEmail("bat@nomin.mn")).toBe(true);
    expect(isValidEmail("bat@nomin")).toBe(false);
    expect(isValidDomain("mail.nomin.mn")).toBe(true);
    expect(isValidDomain("-bad.mn")).toBe(false);
  });
});

describe("permissions (§6)", () => {
  it("cover the spec's menus", () => {
    expect(Object.keys(PERMISSION_GROUPS)).toEqual(["interaction", "issue", "contact", "dashboard", "settings", "plan", "call", "audit"]);
    expect(MATRIX_PERMISSIONS).toHaveLength(20);
  });
  it("admins hold everything whatever the matrix says", () => {
    expect(effectivePermissions("admin", { manager: [], agent: [], guest: [] })).toContain("user.manage");
    expect(effectivePermissions("guest", { guest: ["issue.view_all"] })).toEqual(["issue.view_all"]);
  });
});
