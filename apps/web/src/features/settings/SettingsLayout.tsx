import { Anchor, Box, Group, Paper, Stack } from "@mantine/core";
import { IconChevronLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useMatch } from "react-router";
import { useBreakpoint } from "../../components/shared/useBreakpoint.ts";
import { useMe } from "../../lib/session.ts";
import { visibleSettingsGroups } from "./settings.menu.ts";
import { SettingsMenu } from "./SettingsMenu.tsx";

/**
 * The settings area (the shell lets in only users with settings.view): the grouped menu beside the
 * page on wide screens; on phones the index page is the menu and each page links back to it.
 */
export function SettingsLayout() {
  const { t } = useTranslation("settings");
  const { data: me } = useMe();
  const wide = useBreakpoint("md");
  const { pathname } = useLocation();
  // The flow canvas is a workspace: it takes the menu's width too (its page links back to the flows).
  const fullWidth = useMatch("/settings/flow/:flow") !== null;
  if (!me) return null;
  const groups = visibleSettingsGroups(me);
  const atIndex = pathname.replace(/\/$/, "") === "/settings";
  return (
    <Group align="stretch" gap="md" wrap="nowrap">
      {wide && !fullWidth && (
        // The sidebar's background runs the page's whole height (a long page once outgrew it); the menu stays in view.
        <Paper p="xs" withBorder w={250} style={{ flexShrink: 0, alignSelf: "stretch" }} data-testid="settings-sidebar">
          <Box style={{ position: "sticky", top: "var(--mantine-spacing-md)" }}>
            <SettingsMenu groups={groups} />
          </Box>
        </Paper>
      )}
      <Stack style={{ flex: 1, minWidth: 0 }}>
        {!wide && !atIndex && (
          <Anchor component={Link} to="/settings" size="sm">
            <Group gap={4}>
              <IconChevronLeft size={14} />
              {t("menu.back")}
            </Group>
          </Anchor>
        )}
        <Box>
          <Outlet />
        </Box>
      </Stack>
    </Group>
  );
}
