import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { withLaterStyles } from "../app/later-styles.ts";
import { activeNavKey, visibleNavItems } from "../app/navigation.ts";
import { LanguageSelector } from "../components/LanguageSelector.tsx";
import { Logo } from "../components/Logo.tsx";
import { AccountButton } from "../components/AccountButton.tsx";
import { BillingGate } from "../features/billing/BillingGate.tsx";
import { LiveAlerts } from "../features/help/LiveAlerts.tsx";
import { IssueNotifier } from "../features/issues/IssueNotifier.tsx";
import { useMe } from "../lib/session.ts";
import { useLiveState } from "../lib/staff-socket.ts";

// Lazy: a header button, kept out of the first screen's size budget.
const HelpMenu = lazy(() => withLaterStyles(import("../features/help/HelpMenu.tsx")).then((m) => ({ default: m.HelpMenu })));
// Lazy too (Mantine's Menu with it): until it has loaded, its button stands alone in its place.
const UserMenu = lazy(() => withLaterStyles(import("../components/UserMenu.tsx")).then((m) => ({ default: m.UserMenu })));
// Lazy too: it loads only when live updates go down.
const LiveStatusBanner = lazy(() => withLaterStyles(import("./LiveStatusBanner.tsx")).then((m) => ({ default: m.LiveStatusBanner })));

function LiveStatus() {
  return useLiveState().status === "down" ? (
    <Suspense fallback={null}>
      <LiveStatusBanner />
    </Suspense>
  ) : null;
}

/**
 * The page's grey, with the menu's white column and its border painted under the (fixed) menu the whole page down:
 * the menu itself is as tall as the screen, so on a page longer than the screen its background stopped there.
 */
const MAIN_BACKGROUND =
  "linear-gradient(to right, var(--mantine-color-body) 0 calc(var(--app-shell-navbar-offset, 0rem) - 1px), " +
  "var(--app-shell-border-color) 0 var(--app-shell-navbar-offset, 0rem), var(--mantine-color-gray-0) 0)";

/** The default layout (spec §2): header with logo, language and account menu; the main menu at the side, a burger on phones. */
export function DefaultLayout() {
  const { t } = useTranslation("shell");
  const [opened, { toggle, close }] = useDisclosure();
  const { data: me } = useMe();
  const { pathname, search } = useLocation();
  if (!me) return null;
  const items = visibleNavItems(me);
  const active = activeNavKey(items, pathname, search);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("header.menu")} />
            <Link to="/interacts" aria-label={t("header.home")} style={{ textDecoration: "none" }}>
              <Logo compact />
            </Link>
            {me.company && (
              <Text c="dimmed" size="sm" visibleFrom="md" truncate maw={240}>
                {me.company.name}
              </Text>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Suspense fallback={null}>
              <HelpMenu offer={me.company !== null} />
            </Suspense>
            <LanguageSelector />
            <Suspense fallback={<AccountButton account={me} />}>
              <UserMenu me={me} />
            </Suspense>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t("nav.label")}>
        <ScrollArea>
          {items.map((item) => (
            <NavLink
              key={item.key}
              component={Link}
              to={item.to}
              label={t(`nav.${item.key}`)}
              leftSection={<item.icon size={18} stroke={1.6} />}
              active={item.key === active}
              onClick={close}
              data-testid={`nav-${item.key}`}
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      {/* A column, so a screen that fills the window (the inbox: flex 1) fits below the banners instead of under them. */}
      <AppShell.Main style={{ background: MAIN_BACKGROUND, display: "flex", flexDirection: "column" }}>
        {me.company && <IssueNotifier />}
        {me.company && <LiveAlerts />}
        {me.company && <LiveStatus />}
        {me.company ? (
          <BillingGate>
            <Outlet />
          </BillingGate>
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
