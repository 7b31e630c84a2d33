import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";
import { LIMITS } from "./limits.ts";

describe("formatFileSize", () => {
  it("writes sizes in each language's units, at most one decimal", () => {
    expect(formatFileSize(LIMITS.attachmentBytes, "mn")).toBe("1 МБ");
    expect(formatFileSize(LIMITS.attachmentBytes, "en")).toBe("1 MB");
    expect(formatFileSize(1536 * 1024, "en")).toBe("1.5 MB");
    expect(formatFileSize(500 * 1024, "mn")).toBe("500 КБ");
    expect(formatFileSize(512, "en")).toBe("512 B");
    expect(formatFileSize(3 * 1024 ** 3, "mn")).toBe("3 ГБ");
  });
});
