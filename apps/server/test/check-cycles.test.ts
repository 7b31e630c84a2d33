import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../scripts/check-cycles.mjs");
const run = promisify(execFile);
const made: string[] = [];

/** A source tree of the given files (path → text) in a fresh folder. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cycles-"));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

async function check(root: string): Promise<{ code: number; output: string }> {
  try {
    const done = await run(process.execPath, [SCRIPT, root]);
    return { code: 0, output: done.stdout + done.stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

afterAll(() => {
  for (const root of made) fs.rmSync(root, { recursive: true, force: true });
});

describe("the import-cycle check (npm run lint)", () => {
  it("fails on a cycle of value imports, through a folder's index and a dynamic import, and names its files", async () => {
    const root = tree({
      "a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
      "b.ts": 'import { c } from "./lib";\nexport const b = c;\n',
      "lib/index.ts": 'export const c = 1;\nexport const load = () => import("../a.ts");\n',
      "free.ts": 'import { a } from "./a.ts";\nexport const free = a;\n',
    });
    const { code, output } = await check(root);
    expect(code).toBe(1);
    expect(output).toContain("Import cycle of 3 files");
    for (const file of ["a.ts", "b.ts", path.join("lib", "index.ts")]) expect(output).toContain(file);
    expect(output).not.toContain("free.ts");
  });

  it("passes when the only way back is a type import, which the compiler erases", async () => {
    const root = tree({
      "a.ts": 'import { b } from "./b.ts";\nexport interface A { n: number }\nexport const a = b;\n',
      "b.ts":
        'import type { A } from "./a.ts";\nimport { type A as Same } from "./a.ts";\nexport type { A as Again } from "./a.ts";\nexport const b: A | Same | null = null;\n',
    });
    const { code, output } = await check(root);
    expect(code).toBe(0);
    expect(output).toContain("No import cycles among 2 files");
  });
});
