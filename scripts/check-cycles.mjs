#!/usr/bin/env node
// Fails when the runtime imports of a source tree form a cycle (ARCHITECTURE.md, "Layers"). A cycle makes
// module load order decide what is initialised, and it is how features end up calling each other both ways.
// Only value imports count: `import type`, `export type` and imports whose every name is `type` are erased.
// Usage: node scripts/check-cycles.mjs [root ...]   (default: the four source trees below)
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const DEFAULT_ROOTS = ["apps/server/src", "apps/web/src", "apps/widget/src", "packages/core/src"];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP = /(\.test\.(ts|tsx)|\.d\.ts)$/;

function sourceFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") found.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !SKIP.test(entry.name)) found.push(full);
  }
  return found;
}

/** A relative specifier as a file: as written, with a source extension, or a folder's index. */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx")];
  for (const extension of [".ts", ".tsx", ".mjs", ".js"]) candidates.push(base + extension, path.join(base, `index${extension}`));
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
}

function erased(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import "./x"` runs the module
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
  }
  return false;
}

/** The relative value imports of one file, static and dynamic. */
export function valueImports(file) {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!erased(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => resolve(file, specifier))
    .filter((target) => target !== null);
}

/** Strongly connected groups of more than one file (Tarjan), each a set of files that import each other round. */
export function findCycles(roots) {
  const files = roots.flatMap((root) => sourceFiles(path.resolve(root)));
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, valueImports(file).filter((target) => known.has(target) && target !== file)]));
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  // Iterative, so a deep import chain cannot overflow the call stack.
  for (const start of files) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = graph.get(node);
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) cycles.push(group.sort());
      }
    }
  }
  return { files: files.length, cycles };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_ROOTS;
  const { files, cycles } = findCycles(roots);
  for (const cycle of cycles) {
    console.error(`Import cycle of ${cycle.length} files (value imports):`);
    for (const file of cycle) console.error(`  ${path.relative(process.cwd(), file)}`);
  }
  if (cycles.length) {
    console.error(
      `${cycles.length} import cycle(s) in ${roots.join(", ")}: break each by moving the shared piece down a layer or reacting through a domain event.`,
    );
    process.exit(1);
  }
  console.log(`No import cycles among ${files} files in ${roots.join(", ")}.`);
}
