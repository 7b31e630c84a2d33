// Holboo's layering rules (ARCHITECTURE.md, "Boundaries"), as one ESLint rule that resolves each relative
// import to a path, so the rule holds however deep the importing file sits.
import path from "node:path";

const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;

/** A file's feature under apps/server/src: "modules/<name>", "channels" (every adapter is one feature), or null. */
function featureOf(file) {
  const at = file.indexOf(SERVER_SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SERVER_SRC.length).split(path.sep);
  if (parts[0] === "modules" && parts.length > 2) return `modules/${parts[1]}`;
  if (parts[0] === "channels" && parts.length > 1) return "channels";
  return null;
}

function isPlatform(file) {
  return file.includes(`${SERVER_SRC}platform${path.sep}`);
}

/** What a feature offers the others; its repositories, routes and internals stay its own. */
const PUBLIC_SUFFIXES = [".service.ts", ".policy.ts", ".presenter.ts", ".job.ts"];

/** `import type { A }`, `import { type A, type B }`, `export type { A } from`: erased at compile time. */
function typeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

export const layering = {
  meta: {
    type: "problem",
    docs: { description: "Keep platform/ free of features, and let features reach each other only through their services." },
    messages: {
      platform: "platform/ must not import from modules/ or channels/ (type imports included); the composition root (app.ts, context.ts) wires them.",
      feature:
        "{{from}} reaches into {{to}}'s {{file}}: import only its *.service.ts, *.policy.ts, *.presenter.ts or *.job.ts (or types); add a named function to its service.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    const platform = isPlatform(file);
    if (!from && !platform) return {};
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== "string" || !spec.startsWith(".")) return;
      const target = path.resolve(path.dirname(file), spec);
      const to = featureOf(target);
      if (!to) return;
      if (platform) {
        context.report({ node: node.source, messageId: "platform" });
        return;
      }
      if (to === from || typeOnly(node)) return;
      if (PUBLIC_SUFFIXES.some((suffix) => target.endsWith(suffix))) return;
      context.report({ node: node.source, messageId: "feature", data: { from, to, file: path.basename(target) } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === "Literal") check({ source: node.source, importKind: "value" });
      },
    };
  },
};

export default { rules: { layering } };
