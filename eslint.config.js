// ESLint for every workspace. Layering and architecture rules are errors here, so ARCHITECTURE.md stays true.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import holboo from "./scripts/eslint/boundaries.js";
import architecture from "./scripts/eslint/architecture.js";

const TS = ["**/*.ts", "**/*.tsx"];
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "apps/server/test/**", "e2e/**"];

/** drizzle-orm is the repositories' tool: SQL stays in *.repo.ts and platform/db. */
const noDrizzle = {
  name: "drizzle-orm",
  message: "Only repositories (*.repo.ts), apps/server/src/platform/**, tests and scripts use drizzle-orm; call a repository function.",
};
/** The web reads error messages through lib/errors.ts: importing the catalogue itself would put both languages' texts on the first screen. */
const noCatalogue = {
  name: "@holboo/core",
  importNames: ["ERROR_CATALOGUE", "errorMessage", "isErrorCode", "messageForStatus"],
  message: "Use lib/errors.ts (errorMessage, isKnownErrorCode, statusMessage): the catalogue loads apart from the first screen.",
};
const drizzlePatterns = [{ group: ["drizzle-orm/*"], message: noDrizzle.message }];
const serverPatterns = [
  {
    group: ["**/apps/server/**", "**/server/src/**", "@holboo/server", "@holboo/server/*"],
    message: "Server code stays on the server; share through packages/core.",
  },
];

/** The web's transport is the typed api's alone. */
const httpOnlyForApi = {
  group: ["**/http.ts"],
  importNames: ["http"],
  message: "Call the typed api (lib/api.ts) on the route's own path; the transport is its alone.",
};
/** Components call their feature's hooks; only <feature>.queries.ts (and lib/) call the api. */
const apiOnlyInQueries = {
  group: ["**/lib/api.ts"],
  importNames: ["api"],
  message: "Call the server from the feature's <feature>.queries.ts (a hook built on api) and use that hook here.",
};
const keysFromFactory = {
  selector: "Property[key.name='queryKey'] > ArrayExpression",
  message: "Take the query key from the feature's key factory (<feature>.keys.ts), so invalidations reach every query under it.",
};
// esquery's regular expressions cannot hold "/", hence \x2F.
const apiUrlMessage = 'Build the address with apiUrl() from lib/api.ts on the route\'s own path ("/api/files/:id", { params }).';
const noHandWrittenApiUrls = [
  {
    selector: ":not(CallExpression[callee.object.name='api'], CallExpression[callee.name='apiUrl'], TSLiteralType) > Literal[value=/^\\x2Fapi\\x2F/]",
    message: apiUrlMessage,
  },
  { selector: "TemplateElement[value.raw=/\\x2Fapi\\x2F/]", message: apiUrlMessage },
];
export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/build/**",
      "apps/server/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "**/*.d.ts",
      "data/**",
      ".tmp/**",
      "e2e/screenshots/**",
    ],
  },
  js.configs.recommended,
  {
    files: TS,
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: {
        // The vitest configs of core, widget and the root sit outside every tsconfig.
        projectService: { allowDefaultProject: ["vitest.config.ts", "apps/widget/vitest.config.ts", "packages/core/vitest.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // The type-aware checks that catch real bugs; the full type-checked presets cost more time than they pay.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // TypeScript already reports undefined names, with the right globals per tsconfig.
      "no-undef": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["apps/web/src/**", "apps/widget/src/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Layering on the server: platform/ and features (modules/<feature>/, channels/).
  {
    files: ["apps/server/src/**/*.ts"],
    // Tests arrange data through whichever repositories they need.
    ignores: ["**/*.test.ts"],
    plugins: { holboo },
    rules: { "holboo/layering": "error", "holboo/ranks": "error" },
  },
  {
    files: ["apps/server/src/**/*.ts", "apps/server/test/**/*.ts"],
    ignores: ["**/*.repo.ts", "apps/server/src/platform/**", ...TESTS],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [noDrizzle], patterns: drizzlePatterns }],
    },
  },
  // Where each kind of rule lives (ARCHITECTURE.md): SQL in repositories and platform/, permissions and roles in policies,
  // routes calling services.
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.repo.ts", "apps/server/src/platform/**", ...TESTS],
    plugins: { architecture },
    rules: { "architecture/sql-in-repositories": "error" },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.policy.ts", "apps/server/src/platform/auth/policy.ts", ...TESTS],
    plugins: { architecture },
    rules: { "architecture/permissions-in-policies": "error" },
  },
  {
    files: ["apps/server/src/**/*.routes.ts"],
    plugins: { architecture },
    rules: { "architecture/routes-call-services": "error" },
  },
  // The browser apps never reach into the server; drizzle has no business there either.
  {
    files: ["apps/web/**/*.{ts,tsx}", "apps/widget/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [noDrizzle, noCatalogue], patterns: [...drizzlePatterns, ...serverPatterns] }],
    },
  },
  // The web app calls the server through the typed api, and keys its caches with each feature's key factory.
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/lib/api.ts", "apps/web/src/features/settings/test-fixtures.ts", ...TESTS],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [noDrizzle, noCatalogue], patterns: [...drizzlePatterns, ...serverPatterns, httpOnlyForApi] },
      ],
      "no-restricted-syntax": ["error", keysFromFactory],
    },
  },
  // Components call their feature's hooks (<feature>.queries.ts), which alone call the api; an address the browser
  // opens itself (a download, a file link) comes from apiUrl() on the route's own path, not a hand-written "/api/…".
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/lib/**", "**/*.queries.ts", "apps/web/src/features/settings/test-fixtures.ts", ...TESTS],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [noDrizzle, noCatalogue], patterns: [...drizzlePatterns, ...serverPatterns, httpOnlyForApi, apiOnlyInQueries] },
      ],
      "no-restricted-syntax": ["error", keysFromFactory, ...noHandWrittenApiUrls],
    },
  },
  // The one module that turns the catalogue into the web's "errors" namespace, and tests, which may read the catalogue.
  {
    files: ["apps/web/src/i18n/locales/errors.ts", "apps/web/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [noDrizzle], patterns: [...drizzlePatterns, ...serverPatterns] }],
    },
  },
  // Core is shared by everyone, so it depends on no app.
  {
    files: ["packages/core/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [noDrizzle],
          patterns: [
            ...drizzlePatterns,
            {
              group: ["**/apps/**", "@holboo/server", "@holboo/server/*", "@holboo/web", "@holboo/web/*", "@holboo/widget", "@holboo/widget/*"],
              message: "packages/core imports nothing from apps/.",
            },
          ],
        },
      ],
    },
  },
);
