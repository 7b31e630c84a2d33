/**
 * The translation namespaces (locales/<lang>/<namespace>.json; a test checks the list against the
 * files). The first screen's are bundled in Mongolian; the rest load with the first lazy screen.
 */
export const FIRST_SCREEN_NAMESPACES = ["common", "shell", "components", "inbox", "issues", "auth"] as const;
export const NAMESPACES = [
  ...FIRST_SCREEN_NAMESPACES,
  "admin",
  "answers",
  "channels",
  "contacts",
  "flows",
  "knowledge",
  "library",
  "onboarding",
  "servicerate",
  "settings",
  "help",
  "guide",
  "dashboard",
  "billing",
  "security",
  "calls",
] as const;
