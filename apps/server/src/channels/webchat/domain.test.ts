import { WebchatChannelInput, webchatDomainSchema } from "@holboo/core";
import { describe, expect, it } from "vitest";
import { frameAncestors } from "./pages.routes.ts";
import { hostAllowed } from "./webchat.service.ts";

const PUBLIC_URL = "https://app.holboo.mn";

describe("web-chat domain with a port", () => {
  it("a domain entry keeps a non-default port, so a local site can be connected", () => {
    expect(webchatDomainSchema.parse("http://localhost:8080/shop")).toBe("localhost:8080");
    expect(webchatDomainSchema.parse("Shop.mn:3000")).toBe("shop.mn:3000");
    expect(webchatDomainSchema.parse("https://www.Shop.mn/path")).toBe("www.shop.mn");
    expect(webchatDomainSchema.safeParse("localhost:99999").success).toBe(false);
    expect(webchatDomainSchema.safeParse("localhost:80:80").success).toBe(false);
    expect(WebchatChannelInput.shape.domain.safeParse("localhost:8080").success).toBe(true);
  });

  it("a page on that port is admitted, another port is not; a domain without a port admits any", () => {
    expect(hostAllowed("http://localhost:8080", "localhost:8080", PUBLIC_URL)).toBe(true);
    expect(hostAllowed("http://localhost:3000", "localhost:8080", PUBLIC_URL)).toBe(false);
    expect(hostAllowed("http://localhost", "localhost:8080", PUBLIC_URL)).toBe(false);
    expect(hostAllowed("https://www.shop.mn:8443", "shop.mn", PUBLIC_URL)).toBe(true);
    expect(hostAllowed("https://evil.mn:8080", "localhost:8080", PUBLIC_URL)).toBe(false);
  });

  it("the chat page may be framed by that site and port", () => {
    expect(frameAncestors("localhost:8080")).toContain("http://localhost:8080");
  });
});
