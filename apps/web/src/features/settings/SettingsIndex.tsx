import { Paper, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useBreakpoint } from "../../components/shared/useBreakpoint.ts";
import { useMe } from "../../lib/session.ts";
import { firstSettingsPath, visibleSettingsGroups } from "./settings.menu.ts";
import { SettingsMenu } from "./SettingsMenu.tsx";

/** /settings: on a wide screen the menu is already beside the page, so open its first entry; on a phone, list the groups. */
export function SettingsIndex() {
  const { t } = useTranslation("settings");
  const { data: me } = useMe();
  const wide = useBreakpoint("md");
  if (!me) return null;
  const groups = visibleSettingsGroups(me);
  const first = firstSettingsPath(groups);
  if (wide && first) return <Navigate to={`/settings/${first}`} replace />;
  return (
    <Stack>
      <Title order={2}>{t("menu.title")}</Title>
      <Paper p="xs" withBorder>
        <SettingsMenu groups={groups} />
      </Paper>
    </Stack>
  );
}
