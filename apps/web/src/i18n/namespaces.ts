/**
 * The translation namespaces (locales/<lang>/<namespace>.json; a test checks the list against the
 * files). The first screen's are bundled in Mongolian; the rest load with the first lazy screen.
 */
// The sign-in screens' texts ("auth") load with those lazy screens, not with the signed-in first screen.
export const FIRST_SCREEN_NAMESPACES = ["common", "shell", "components", "inbox", "issues"] as const;
export const NAMESPACES = [
  ...FIRST_SCREEN_NAMESPACES,
  "auth",
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
