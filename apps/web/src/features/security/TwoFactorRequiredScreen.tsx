import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { logout } from "../../lib/logout.ts";
import { TwoFactorSetup } from "./TwoFactorSetup.tsx";

/** Shown instead of the app while the company requires two-step verification and the person has not set it up. */
export function TwoFactorRequiredScreen() {
  const { t } = useTranslation("security");
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper p="xl" withBorder maw={640} w="100%" data-testid="two-factor-required">
        <Stack>
          <IconShieldLock size={40} color="var(--mantine-color-blue-6)" />
          <Title order={2}>{t("required.title")}</Title>
          <Text>{t("required.text")}</Text>
          <TwoFactorSetup />
          <Anchor component="button" type="button" size="sm" onClick={() => void logout()} style={{ alignSelf: "flex-start" }}>
            {t("required.logout")}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
