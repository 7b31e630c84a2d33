import { Badge, NavLink, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { SettingsGroup } from "./settings.menu.ts";

/** The grouped settings menu: built entries are links, the others are listed as coming soon. */
export function SettingsMenu({ groups }: { groups: SettingsGroup[] }) {
  const { t } = useTranslation("settings");
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="nav" aria-label={t("menu.label")}>
      {groups.map((group) => (
        <Stack key={group.key} gap={0} role="group" aria-label={t(`groups.${group.key}`)}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt="sm" pb={2}>
            {t(`groups.${group.key}`)}
          </Text>
          {group.entries.map((entry) =>
            entry.path ? (
              <NavLink
                key={entry.key}
                component={Link}
                to={`/settings/${entry.path}`}
                label={t(`entries.${entry.key}`)}
                active={pathname === `/settings/${entry.path}` || pathname.startsWith(`/settings/${entry.path}/`)}
                data-testid={`settings-${entry.key}`}
                style={{ borderRadius: "var(--mantine-radius-md)" }}
              />
            ) : (
              <NavLink
                key={entry.key}
                component="div"
                label={t(`entries.${entry.key}`)}
                disabled
                aria-disabled
                rightSection={
                  <Badge size="xs" variant="light" color="gray">
                    {t("menu.soon")}
                  </Badge>
                }
              />
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}
