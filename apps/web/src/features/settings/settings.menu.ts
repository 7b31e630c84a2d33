import type { MeView, Permission } from "@holboo/core";

export interface SettingsEntry {
  /** Key under settings:entries and the `settings-<key>` test id. */
  key: string;
  /** Path under /settings; absent while the feature is not built, so the entry shows as coming soon. */
  path?: string;
  /** Needed on top of settings.view, which the whole settings area requires. */
  permission?: Permission;
}

export interface SettingsGroup {
  /** Key under settings:groups. */
  key: string;
  entries: SettingsEntry[];
}

/**
 * The spec §2 settings groups, in order. A feature that is built adds its `path` (and its route in
 * routes.tsx); nothing else changes.
 */
export const SETTINGS_GROUPS: SettingsGroup[] = [
  {
    key: "general",
    entries: [
      { key: "company", path: "our_company" },
      { key: "user", path: "user" },
      { key: "payment", path: "my_plan", permission: "plan.view" },
      { key: "channelsConfig", path: "channels_config" },
      { key: "audit", path: "audit", permission: "audit.view" },
    ],
  },
  {
    key: "aiAgent",
    entries: [
      { key: "virtualAgents", path: "virtualagents" },
      { key: "flowTraining", path: "flow" },
      { key: "aiModel", path: "ai_model", permission: "settings.edit" },
    ],
  },
  {
    key: "channels",
    entries: [
      { key: "social", path: "social" },
      { key: "mail", path: "email" },
      { key: "webchat", path: "web_chat" },
      { key: "callCenter", path: "call_center" },
    ],
  },
  { key: "savedResponses", entries: [{ key: "savedResponses", path: "saved_response" }] },
  { key: "interactionTag", entries: [{ key: "interactionTag", path: "interaction_tag" }] },
  { key: "customApi", entries: [{ key: "customApi", path: "custom_api" }] },
  { key: "customerType", entries: [{ key: "customerType", path: "contact_type" }] },
  {
    key: "issue",
    entries: [
      { key: "issueType", path: "issue_type" },
      { key: "issueTag", path: "issue_tag" },
      { key: "issueReason", path: "issue_name" },
    ],
  },
];

/** The groups as this user sees them: entries needing a permission they lack are left out, then empty groups. */
export function visibleSettingsGroups(me: Pick<MeView, "permissions">, groups: SettingsGroup[] = SETTINGS_GROUPS): SettingsGroup[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => !entry.permission || me.permissions.includes(entry.permission)) }))
    .filter((group) => group.entries.length > 0);
}

/** Where /settings leads on a wide screen: the first built entry the user may open. */
export function firstSettingsPath(groups: SettingsGroup[]): string | null {
  for (const group of groups) for (const entry of group.entries) if (entry.path) return entry.path;
  return null;
}
