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
const PUBLIC_SUFFIXES = [".service.ts", ".lookup.ts", ".policy.ts", ".presenter.ts", ".job.ts"];

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
        "{{from}} reaches into {{to}}'s {{file}}: import only its *.service.ts, *.lookup.ts, *.policy.ts, *.presenter.ts or *.job.ts (or types); add a named function to its service.",
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

/**
 * The ranks of the server's features, low to high, in layers: a feature may import (values) only features of a
 * lower rank, so dependencies point one way and no cycle can close. Between layers, what a higher feature
 * needs from a lower one is imported; what a lower one must cause in a higher one is a domain event
 * (platform/events, wired in subscribers.ts). The composition root (app.ts, context.ts, jobs.ts,
 * subscribers.ts, read-models/) sits above all and may import anything.
 */
export const RANKS = {
  // Accounts and access
  "modules/audit": 11,
  "modules/companies": 12,
  "modules/users": 13,
  "modules/roles": 14,
  "modules/two-factor": 15,
  "modules/presence": 16,
  "modules/auth": 17,
  "modules/outbox": 18,
  "modules/help": 19,
  // Contacts and knowledge
  "modules/contacts": 21,
  "modules/knowledge": 22,
  // Conversations
  "modules/interactions": 31,
  "modules/interaction-tags": 32,
  "modules/saved-responses": 33,
  "modules/issues": 34,
  // Channels and telephony
  channels: 42,
  "modules/calls": 43,
  // The PBX drivers, each ranked as a feature of its own above the calls they report.
  "channels/asterisk": 44,
  "channels/cti": 45,
  // Automation and agents
  "modules/custom-api": 51,
  "modules/flows": 52,
  // The virtual agent's turn runs a flow first, then answers from knowledge.
  "modules/answers": 53,
  "modules/agents": 54,
  // Billing and reporting
  "modules/billing": 61,
  "modules/dashboard": 62,
  "modules/admin": 63,
  "modules/onboarding": 64,
  "modules/system": 65,
};

/**
 * Files ranked apart from their feature: small read-only or plan-limit pieces that features below their
 * feature need. Each imports only its own feature's repository or pure helpers (and platform/).
 */
export const PIECE_RANKS = {
  // Entitlements: the plan's limits and whether access is open, which accounts, knowledge and channels check.
  "modules/billing/limits.service.ts": 10,
  "modules/billing/billing-access.service.ts": 10,
  "modules/billing/agent-billing.service.ts": 10,
  // The channel records (finders over channels.repo) that conversations read.
  "channels/channels.lookup.ts": 29,
  // The users other features read and write (finders over users.repo), which companies need.
  "modules/users/users.lookup.ts": 11,
  // Which flows call a custom API (a finder over flows.repo), asked before the endpoint is removed.
  "modules/flows/flows.lookup.ts": 50,
  // Words and their matching keys (pure text functions over answers/text), which flows' training phrases use.
  "modules/answers/text-match.service.ts": 50,
};

function serverPath(file) {
  const at = file.indexOf(SERVER_SRC);
  return at < 0
    ? null
    : file
        .slice(at + SERVER_SRC.length)
        .split(path.sep)
        .join("/");
}

/** What ranks a file: its feature, or one of the PBX drivers (channels/asterisk, channels/cti) apart from the other adapters. */
function rankedUnit(file) {
  const relative = serverPath(file);
  const driver = relative && /^channels\/(asterisk|cti)\//.exec(relative);
  return driver ? `channels/${driver[1]}` : featureOf(file);
}

function rankOf(file) {
  const relative = serverPath(file);
  const feature = rankedUnit(file);
  if (relative && relative in PIECE_RANKS) return { rank: PIECE_RANKS[relative], name: relative };
  return feature && feature in RANKS ? { rank: RANKS[feature], name: feature } : null;
}

export const ranks = {
  meta: {
    type: "problem",
    docs: { description: "A feature imports (values) only features of a lower rank (scripts/eslint/boundaries.js, RANKS)." },
    messages: {
      up: "{{from}} (rank {{fromRank}}) must not import {{to}} (rank {{toRank}}): features import only lower ranks. Record a domain event that {{to}} subscribes to (subscribers.ts), or move the shared piece down a layer.",
      unranked: "{{feature}} has no rank: add it to RANKS in scripts/eslint/boundaries.js.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const fromFeature = rankedUnit(file);
    if (!fromFeature) return {};
    const from = { rank: RANKS[fromFeature], name: fromFeature };
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== "string" || !spec.startsWith(".") || typeOnly(node)) return;
      const target = path.resolve(path.dirname(file), spec);
      const toFeature = rankedUnit(target);
      if (!toFeature || toFeature === fromFeature) return;
      const to = rankOf(target);
      if (from.rank === undefined || !to) {
        context.report({ node: node.source, messageId: "unranked", data: { feature: from.rank === undefined ? fromFeature : toFeature } });
        return;
      }
      if (from.rank > to.rank) return;
      context.report({ node: node.source, messageId: "up", data: { from: from.name, fromRank: from.rank, to: to.name, toRank: to.rank } });
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

export default { rules: { layering, ranks } };
