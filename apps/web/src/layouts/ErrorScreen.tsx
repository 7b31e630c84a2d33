import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { ErrorLayout } from "./ErrorLayout.tsx";

/**
 * Spec §2 error screen: a sad chatbot, the heading "404 Page Not Found" whatever the error, a
 * translated text and a Back button to "/". Serves unmatched routes and every uncaught render error.
 */
export function ErrorScreen() {
  const { t } = useTranslation("shell");
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  return (
    <ErrorLayout>
      <Container size="sm" py={60}>
        <Stack align="center" gap="md" ta="center">
          <img src="/sad-chatbot.svg" width={200} height={200} alt={t("error.imageAlt")} />
          <Title order={1}>{t("error.heading")}</Title>
          <Text c="dimmed" maw={460}>
            {t("error.text")}
          </Text>
          <Button component="a" href="/" size="md">
            {t("error.back")}
          </Button>
        </Stack>
      </Container>
    </ErrorLayout>
  );
}
