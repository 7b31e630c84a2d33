import type { MeView, Permission } from "@holboo/core";
import {
  IconAddressBook,
  IconArchive,
  IconChartBar,
  IconBook,
  IconHelp,
  IconInbox,
  IconPhoneCall,
  IconSettings,
  IconShieldLock,
  IconTicket,
} from "@tabler/icons-react";
import type { ComponentType } from "react";

export interface NavItem {
  /** Translation key under shell:nav and the test id suffix. */
  key: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  permission?: Permission;
  platformAdmin?: boolean;
  /** A rule on the company, e.g. hasCallCenter. */
  when?: (me: MeView) => boolean;
}

/**
 * The spec §2 menu, in its order: call monitoring, dashboard, interaction (open), closed, issue,
 * contact, knowledge base, settings, guide. A feature adds its one line here when it exists;
 * entries a user may not use are filtered out by the permissions the server sent.
 */
export const NAV_ITEMS: NavItem[] = [
  { key: "callMonitoring", to: "/call-monitoring", icon: IconPhoneCall, when: (me) => hasCallCenter(me) },
  // Every member has a dashboard: the company's figures with dashboard.view_company, otherwise their own.
  { key: "dashboard", to: "/dashboard", icon: IconChartBar },
  { key: "interactionsOpen", to: "/interacts", icon: IconInbox },
  { key: "interactionsClosed", to: "/interacts?tab=2", icon: IconArchive },
  // Every member has issues: those assigned to or created by them, or all with issue.view_all.
  { key: "issue", to: "/issues", icon: IconTicket },
  { key: "contacts", to: "/contacts", icon: IconAddressBook },
  // Every member reads the knowledge base; changing it needs settings.edit (checked by the server).
  { key: "knowledge", to: "/knowledge", icon: IconBook },
  { key: "settings", to: "/settings", icon: IconSettings, permission: "settings.view" },
  // The guide is for everyone, always.
  { key: "guide", to: "/guide", icon: IconHelp },
  { key: "admin", to: "/admin", icon: IconShieldLock, platformAdmin: true },
];

/** Call monitoring is offered only to a company with a call center (a PBX connected in settings). */
export const hasCallCenter = (me: MeView): boolean => !!me.company?.has_call_center;

export const visibleNavItems = (me: MeView, items: NavItem[] = NAV_ITEMS) =>
  items.filter(
    (item) => (!item.when || item.when(me)) && (item.platformAdmin ? me.is_platform_admin : !item.permission || me.permissions.includes(item.permission)),
  );

/** The entry for the current location: the longest path prefix, then the most query parameters matched. */
export function activeNavKey(items: NavItem[], pathname: string, search: string): string | null {
  const here = new URLSearchParams(search);
  let best: { key: string; score: number } | null = null;
  for (const item of items) {
    const [path = "", query = ""] = item.to.split("?");
    if (pathname !== path && !pathname.startsWith(`${path}/`)) continue;
    const wanted = [...new URLSearchParams(query)];
    if (!wanted.every(([name, value]) => here.get(name) === value)) continue;
    const score = path.length * 100 + wanted.length;
    if (!best || score > best.score) best = { key: item.key, score };
  }
  return best?.key ?? null;
}
