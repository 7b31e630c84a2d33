import type { NotificationPreferences } from "@holboo/core";
import { Stack, Switch, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { notificationPreferencesQuery, useSaveNotificationPreferences } from "./notifications.queries.ts";

/** On the profile page: my sound and browser alerts for new conversations and messages. */
export function NotificationSettings() {
  const { t } = useTranslation("help");
  const preferences = useQuery(notificationPreferencesQuery);
  const save = useSaveNotificationPreferences();
  const current = preferences.data ?? { sound: true, browser: true };
  const change = (next: NotificationPreferences) => {
    // The browser asks its own permission once, when the person switches its notifications on.
    if (next.browser && !current.browser && typeof Notification !== "undefined" && Notification.permission === "default") void Notification.requestPermission();
    save.mutate(next);
  };
  return (
    <Stack gap="sm">
      <Text fw={600}>{t("alerts.title")}</Text>
      <Switch
        label={t("alerts.sound")}
        checked={current.sound}
        disabled={!preferences.data}
        onChange={(e) => change({ ...current, sound: e.currentTarget.checked })}
        data-testid="alert-sound"
      />
      <Switch
        label={t("alerts.browser")}
        description={t("alerts.browserHint")}
        checked={current.browser}
        disabled={!preferences.data}
        onChange={(e) => change({ ...current, browser: e.currentTarget.checked })}
        data-testid="alert-browser"
      />
    </Stack>
  );
}
