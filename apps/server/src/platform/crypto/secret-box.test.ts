import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSecretBox, SecretBox } from "./secret-box.ts";

describe("channel secrets at rest", () => {
  const box = SecretBox.fromKey(Buffer.alloc(32, 7));

  it("seals with a fresh IV each time and opens what it sealed", () => {
    const secret = { page_token: "EAAG-long-lived", app_secret: "s3cr3t" };
    const one = box.seal(secret);
    const two = box.seal(secret);
    expect(one.equals(two)).toBe(false);
    expect(one.toString("utf8")).not.toContain("EAAG");
    expect(box.open(one)).toEqual(secret);
  });

  it("refuses a changed value and another key's value", () => {
    const sealed = box.seal({ token: "abc" });
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(() => box.open(tampered)).toThrow();
    expect(() => SecretBox.fromKey(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });

  it("without a configured key makes one in the data folder once (mode 600) and reuses it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "holboo-key-"));
    try {
      const first = await loadSecretBox(undefined, dir);
      const key = await readFile(path.join(dir, "secret.key"), "utf8");
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect((await stat(path.join(dir, "secret.key"))).mode & 0o777).toBe(0o600);
      const second = await loadSecretBox(undefined, dir);
      expect(second.open(first.seal({ a: 1 }))).toEqual({ a: 1 });
      const configured = await loadSecretBox(key, "/nonexistent");
      expect(configured.open(first.seal({ b: 2 }))).toEqual({ b: 2 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
