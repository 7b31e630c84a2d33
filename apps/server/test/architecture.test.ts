import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ESLint, RuleTester, type Rule } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * ARCHITECTURE.md is a map, and a map is only worth reading while it is true: these tests hold its length, the
 * paths it names, the links other files make into it and into docs/decisions/, and the claims lint cannot see
 * (every message channel runs the shared conformance suite). The claims lint does see — SQL only in repositories
 * and platform/, permissions and roles only in policies — are the rules of scripts/eslint/architecture.js, whose
 * behaviour and reach are checked at the end.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const MAP = "ARCHITECTURE.md";
const DECISIONS = "docs/decisions";

/** A backticked name that points at a file or folder, repository-relative, with no pattern or placeholder in it; and every link. */
function namedPaths(markdown: string): string[] {
  const names = new Set<string>();
  for (const [, token = ""] of markdown.matchAll(/`([^`\n]+)`/g)) {
    if (/[\s*<>{}$:"'=(),]/.test(token) || token.startsWith("/") || token.startsWith(".") || token.startsWith("-")) continue;
    // A path starts at one of the repository's top folders (`holboo/layering` is a lint rule, not a path) or names a file.
    if (/^(apps|packages|scripts|docs|e2e)(\/|$)/.test(token) || /\.(ts|tsx|js|mjs|json|md|sh|sql)$/.test(token)) names.add(token);
  }
  for (const [, target = ""] of markdown.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) if (!/^[a-z]+:/.test(target)) names.add(target);
  return [...names];
}

function walk(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    if (["node_modules", "dist", "build", ".git", "migrations", "test-results", "screenshots", "fixtures", "email-conformance"].includes(name)) continue;
    const file = path.join(dir, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) walk(file, found);
    else if (/\.(ts|tsx|js|mjs|md)$/.test(name)) found.push(file);
  }
  return found;
}

const headingsOf = (markdown: string) => [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, title = ""]) => title.trim());
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");

describe("ARCHITECTURE.md, the map", () => {
  const map = read(MAP);

  it("is read in ten minutes: at most 150 lines", () => {
    expect(map.split("\n").length).toBeLessThanOrEqual(150);
  });

  it("names only files and folders that exist, from the repository's root", () => {
    const named = namedPaths(map);
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter((name) => !existsSync(path.join(ROOT, name)));
    expect(missing).toEqual([]);
  });

  it("covers the layers, the event bus, both paths, where rules live and the features", () => {
    const headings = headingsOf(map);
    for (const part of ["Layers", "Domain events", "The request path", "The message path", "Where each kind of rule lives", "Features"]) {
      expect(headings, part).toContain(part);
    }
  });
});

describe("docs/decisions, the records the map left out", () => {
  const files = readdirSync(path.join(ROOT, DECISIONS))
    .filter((name) => name !== "README.md")
    .sort();

  it("are numbered 0001 onward, one short file each, with a title, context, decision and consequences", () => {
    expect(files.length).toBeGreaterThan(30);
    files.forEach((name, index) => {
      const number = String(index + 1).padStart(4, "0");
      expect(name, "numbered in order, no gaps").toMatch(new RegExp(`^${number}-[a-z0-9-]+\\.md$`));
      const text = read(`${DECISIONS}/${name}`);
      expect(text.split("\n")[0], name).toMatch(new RegExp(`^# ${Number(number)}\\. \\S`));
      expect(headingsOf(text).slice(1), name).toEqual(["Context", "Decision", "Consequences"]);
    });
  });

  it("are each listed in the index", () => {
    const index = read(`${DECISIONS}/README.md`);
    for (const name of files) expect(index, name).toContain(`(${name})`);
  });
});

describe("links into the map and the decisions", () => {
  const map = read(MAP);
  const headings = headingsOf(map);
  // This file names the link forms it looks for, so it is no source of links itself.
  const sources = ["README.md", "eslint.config.js", ...walk("apps"), ...walk("packages"), ...walk("scripts"), ...walk("e2e"), ...walk("docs")].filter(
    (file) => file !== path.join("apps", "server", "test", "architecture.test.ts"),
  );

  it('point at a section that exists (ARCHITECTURE.md, "Section" and ARCHITECTURE.md#anchor)', () => {
    const broken: string[] = [];
    for (const file of sources) {
      const text = read(file);
      for (const [, section = ""] of text.matchAll(/ARCHITECTURE\.md(?:,|'s)? "([^"]+)"/g))
        if (!headings.includes(section)) broken.push(`${file}: "${section}"`);
      for (const [, anchor = ""] of text.matchAll(/ARCHITECTURE\.md#([\w-]+)/g))
        if (!headings.map(anchorOf).includes(anchor)) broken.push(`${file}: #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it("name decision records that exist", () => {
    const broken: string[] = [];
    for (const file of sources) {
      for (const [record = ""] of read(file).matchAll(/docs\/decisions\/\d{4}-[a-z0-9-]+\.md/g))
        if (!existsSync(path.join(ROOT, record))) broken.push(`${file}: ${record}`);
      if (!file.startsWith(DECISIONS)) continue;
      for (const [, target = ""] of read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        if (!/^[a-z]+:/.test(target) && !existsSync(path.resolve(ROOT, path.dirname(file), target))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("every channel runs the conformance suite of its kind", () => {
  const CHANNELS = "apps/server/src/channels";
  const folders = readdirSync(path.join(ROOT, CHANNELS)).filter((name) => statSync(path.join(ROOT, CHANNELS, name)).isDirectory());
  const testsOf = (folder: string) =>
    readdirSync(path.join(ROOT, CHANNELS, folder))
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => read(`${CHANNELS}/${folder}/${name}`));

  /** The folders whose adapter the registry registers: message channels, which deliver replies. */
  function adapterFolders(): string[] {
    const registry = read(`${CHANNELS}/registry.ts`);
    const registered = [...registry.matchAll(/registerAdapter\((\w+)\)/g)].map(([, name]) => name);
    return registered.map((name) => {
      const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "\\./([\\w-]+)/`).exec(registry);
      expect(from, `${name} is imported from an adapter's folder`).not.toBeNull();
      return from?.[1] ?? "";
    });
  }

  it("each message channel's folder runs the shared suite (test/channel-conformance.ts)", () => {
    const adapters = adapterFolders();
    expect(adapters).toEqual(expect.arrayContaining(["webchat", "email", "viber", "messenger"]));
    for (const folder of adapters) {
      const runs = testsOf(folder).some((text) => text.includes("test/channel-conformance.ts") && /describeChannelConformance\(/.test(text));
      expect(runs, `${folder} runs describeChannelConformance`).toBe(true);
    }
  });

  it("each other folder (a telephony driver) runs a conformance test over its documented events", () => {
    const adapters = new Set(adapterFolders());
    for (const folder of folders.filter((name) => !adapters.has(name))) {
      const conformance = readdirSync(path.join(ROOT, CHANNELS, folder)).filter((name) => name.endsWith(".conformance.test.ts"));
      expect(conformance, `${folder} has a *.conformance.test.ts`).not.toEqual([]);
    }
  });
});

// The rules are plain JavaScript beside eslint.config.js; loaded by path, as ESLint loads them.
const plugin = ((await import(path.join(ROOT, "scripts/eslint/architecture.js"))) as { default: { rules: Record<string, Rule.RuleModule> } }).default;

describe("lint holds where SQL and permissions live (scripts/eslint/architecture.js)", () => {
  RuleTester.describe = describe;
  RuleTester.it = it;
  RuleTester.itOnly = it.only;
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: "module" } });
  const service = path.join(ROOT, "apps/server/src/modules/interactions/attachments.service.ts");

  tester.run("sql-in-repositories", plugin.rules["sql-in-repositories"] as Rule.RuleModule, {
    valid: [
      { filename: service, code: 'import { insertAttachmentFile } from "./attachments.repo.ts"; await insertAttachmentFile(ctx.db, file);' },
      { filename: service, code: 'import type { VoiceRunState } from "../../platform/db/schema.ts";' },
    ],
    invalid: [
      // What attachments.service.ts did before its repository.
      {
        filename: service,
        code: 'import { files } from "../../platform/db/schema.ts"; await ctx.db.insert(files).values(row);',
        errors: [{ messageId: "schema" }, { messageId: "query" }],
      },
      { filename: service, code: "await tx.execute(sql`SELECT 1`);", errors: [{ messageId: "query" }, { messageId: "sql" }] },
      { filename: service, code: 'import pg from "pg";', errors: [{ messageId: "pg" }] },
    ],
  });

  tester.run("permissions-in-policies", plugin.rules["permissions-in-policies"] as Rule.RuleModule, {
    valid: [
      { code: 'const edit = { access: { permission: "settings.edit" as const } };' },
      { code: 'await recordAudit(tx, actor, { action: "contact.delete", targetType: "contact" });' },
      { code: "const changes = input.role !== target.role;" },
    ],
    invalid: [
      { code: 'if (actor.permissions.has("interaction.view_all_closed")) show();', errors: [{ messageId: "has" }, { messageId: "permission" }] },
      { code: 'eq(rolePermissions.permission, "interaction.edit")', errors: [{ messageId: "permission" }] },
      { code: 'if (target.role !== "admin") fail("ownership_target_not_admin");', errors: [{ messageId: "role" }] },
    ],
  });

  tester.run("routes-call-services", plugin.rules["routes-call-services"] as Rule.RuleModule, {
    valid: [{ code: 'import { frameDomainFor } from "./webchat.service.ts"; import type { WebchatRow } from "./webchat.repo.ts";' }],
    // What the web-chat frame page did before its service function.
    invalid: [{ code: 'import { findWebchatByPublicKey } from "./webchat.repo.ts";', errors: [{ messageId: "repo" }] }],
  });

  it("applies both rules to features' code, and neither where that code belongs", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const rulesFor = async (file: string) => Object.keys(((await eslint.calculateConfigForFile(file)) as { rules?: object }).rules ?? {});
    expect(await rulesFor("apps/server/src/modules/interactions/attachments.service.ts")).toEqual(
      expect.arrayContaining(["architecture/sql-in-repositories", "architecture/permissions-in-policies"]),
    );
    expect(await rulesFor("apps/server/src/channels/email/inbound.job.ts")).toEqual(
      expect.arrayContaining(["architecture/sql-in-repositories", "architecture/permissions-in-policies"]),
    );
    expect(await rulesFor("apps/server/src/modules/interactions/attachments.repo.ts")).not.toContain("architecture/sql-in-repositories");
    expect(await rulesFor("apps/server/src/platform/db/client.ts")).not.toContain("architecture/sql-in-repositories");
    expect(await rulesFor("apps/server/src/modules/interactions/interactions.policy.ts")).not.toContain("architecture/permissions-in-policies");
    expect(await rulesFor("apps/server/src/platform/auth/policy.ts")).not.toContain("architecture/permissions-in-policies");
    expect(await rulesFor("apps/server/src/channels/webchat/pages.routes.ts")).toContain("architecture/routes-call-services");
  });
});
