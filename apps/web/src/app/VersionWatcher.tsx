import { Button, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fetchVersion } from "./app.queries.ts";

export const VERSION_CHECK_INTERVAL_MS = 60_000;

/**
 * Reads /pub/version on load, polls it every minute, and when a different build is deployed shows
 * one persistent notification offering a reload. Mounted once, outside the router.
 */
export function VersionWatcher() {
  const { t } = useTranslation("shell");
  const loaded = useRef<string | null>(null);
  const offered = useRef(false);
  useEffect(() => {
    const check = async () => {
      const version = await fetchVersion().then(
        (view) => view.version,
        () => null,
      );
      if (!version || offered.current) return;
      if (loaded.current === null) {
        loaded.current = version;
        return;
      }
      if (version === loaded.current) return;
      offered.current = true;
      notifications.show({
        id: "new-version",
        autoClose: false,
        withCloseButton: true,
        title: t("version.title"),
        message: (
          <Stack gap={6} align="flex-start">
            <Text size="sm">{t("version.text")}</Text>
            <Button size="xs" onClick={() => window.location.reload()} data-testid="reload-new-version">
              {t("version.reload")}
            </Button>
          </Stack>
        ),
      });
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [t]);
  return null;
}
