// Claims of ARCHITECTURE.md ("Where each kind of rule lives") as ESLint rules, so the map stays true:
// SQL is written only in repositories and platform/, and permissions and roles are decided only in policies.
import { readFileSync } from "node:fs";
import path from "node:path";

/** The permission and role names, read from core's own table (this config runs as plain JavaScript). */
function namesFromCore() {
  const source = readFileSync(new URL("../../packages/core/src/permissions.ts", import.meta.url), "utf8");
  const permissions = new Set([...source.matchAll(/"([a-z_]+\.[a-z_]+)"/g)].map((match) => match[1]));
  const roles = new Set([...(source.match(/export const ROLES = \[([^\]]*)\]/)?.[1] ?? "").matchAll(/"([a-z_]+)"/g)].map((match) => match[1]));
  if (permissions.size === 0 || roles.size === 0) throw new Error("scripts/eslint/architecture.js: no permission or role names found in core");
  return { permissions, roles };
}
const { permissions: PERMISSIONS, roles: ROLES } = namesFromCore();

/** `import type { A }` or `import { type A }` only: erased at compile time, so it runs no SQL. */
function typeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

const QUERY_METHODS = new Set(["select", "selectDistinct", "insert", "update", "delete", "execute"]);
const EXECUTORS = new Set(["db", "tx"]);

/** `db.select(`, `tx.insert(`, `ctx.db.execute(`: a query built on a connection or transaction. */
function isQueryCall(callee) {
  if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier" || !QUERY_METHODS.has(callee.property.name)) return false;
  const target = callee.object;
  if (target.type === "Identifier") return EXECUTORS.has(target.name);
  return target.type === "MemberExpression" && target.property.type === "Identifier" && target.property.name === "db";
}

export const sqlInRepositories = {
  meta: {
    type: "problem",
    docs: { description: "SQL is written in repositories (*.repo.ts) and platform/ only; services call repository functions." },
    messages: {
      schema: "Tables (platform/db/schema) are a repository's tool: move this query into the feature's *.repo.ts (type imports are fine).",
      pg: "Only platform/ and repositories talk to PostgreSQL: move this into the feature's *.repo.ts.",
      sql: "SQL stays in repositories: move this `sql` template into the feature's *.repo.ts and call it.",
      query: "A query outside a repository: move it into the feature's *.repo.ts and call the function.",
    },
    schema: [],
  },
  create(context) {
    const dir = path.dirname(context.filename);
    function checkImport(node) {
      if (!node.source || typeof node.source.value !== "string" || typeOnly(node)) return;
      const source = node.source.value;
      if (source === "pg" || source.startsWith("pg/")) context.report({ node: node.source, messageId: "pg" });
      if (!source.startsWith(".")) return;
      const target = path.resolve(dir, source).split(path.sep).join("/");
      if (/\/platform\/db\/schema(\.ts|\/|$)/.test(target)) context.report({ node: node.source, messageId: "schema" });
    }
    return {
      ImportDeclaration: checkImport,
      ExportNamedDeclaration: checkImport,
      ExportAllDeclaration: checkImport,
      TaggedTemplateExpression(node) {
        if (node.tag.type === "Identifier" && node.tag.name === "sql") context.report({ node, messageId: "sql" });
        if (node.tag.type === "MemberExpression" && node.tag.object.type === "Identifier" && node.tag.object.name === "sql")
          context.report({ node, messageId: "sql" });
      },
      CallExpression(node) {
        if (isQueryCall(node.callee)) context.report({ node, messageId: "query" });
      },
    };
  },
};

/** The property a permission name may stand in outside a policy: a route's declared access, or an audit entry's action. */
const NAMING_KEYS = new Set(["permission", "action"]);
const keyName = (property) => (property.key.type === "Identifier" ? property.key.name : property.key.type === "Literal" ? String(property.key.value) : null);
const isRoleRead = (node) => node.type === "MemberExpression" && !node.computed && node.property.type === "Identifier" && node.property.name === "role";

export const permissionsInPolicies = {
  meta: {
    type: "problem",
    docs: { description: "Permissions and roles are decided in *.policy.ts (and platform/auth/policy.ts) only." },
    messages: {
      has: "A permission check outside a policy: name the rule in the feature's *.policy.ts and call it.",
      permission:
        'The permission "{{name}}" is decided here: move the decision into the feature\'s *.policy.ts (a route names it in `access: { permission }`).',
      role: 'A decision on the role "{{name}}" outside a policy: move it into the feature\'s *.policy.ts.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier" || callee.property.name !== "has") return;
        const owner = callee.object;
        if (owner.type === "MemberExpression" && owner.property.type === "Identifier" && owner.property.name === "permissions")
          context.report({ node, messageId: "has" });
      },
      Literal(node) {
        if (typeof node.value !== "string" || !PERMISSIONS.has(node.value)) return;
        // `"settings.edit" as const` names it as much as the bare string does.
        let named = node;
        while (named.parent?.type === "TSAsExpression" || named.parent?.type === "TSSatisfiesExpression") named = named.parent;
        const parent = named.parent;
        if (parent?.type === "Property" && parent.value === named && NAMING_KEYS.has(keyName(parent))) return;
        context.report({ node, messageId: "permission", data: { name: node.value } });
      },
      BinaryExpression(node) {
        if (!["===", "!==", "==", "!="].includes(node.operator)) return;
        for (const [side, other] of [
          [node.left, node.right],
          [node.right, node.left],
        ]) {
          if (isRoleRead(side) && other.type === "Literal" && typeof other.value === "string" && ROLES.has(other.value)) {
            context.report({ node, messageId: "role", data: { name: other.value } });
          }
        }
      },
    };
  },
};

export const routesCallServices = {
  meta: {
    type: "problem",
    docs: { description: "Routes are thin: they call services, never repositories." },
    messages: { repo: "A route calls its feature's service, not a repository: add a service function that does this." },
    schema: [],
  },
  create(context) {
    function check(node) {
      if (node.source && typeof node.source.value === "string" && node.source.value.endsWith(".repo.ts") && !typeOnly(node)) {
        context.report({ node: node.source, messageId: "repo" });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default {
  rules: { "sql-in-repositories": sqlInRepositories, "permissions-in-policies": permissionsInPolicies, "routes-call-services": routesCallServices },
};
