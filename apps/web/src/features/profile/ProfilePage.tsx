import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMe } from "../../lib/session.ts";
import { PasswordForm } from "./PasswordForm.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { NotificationSettings } from "../help/NotificationSettings.tsx";
import { TwoFactorSection } from "../security/TwoFactorSection.tsx";

/** /user: my names and phone, and my password. */
export function ProfilePage() {
  const { t } = useTranslation("auth");
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Stack maw={640}>
      <Title order={2}>{t("profile.title")}</Title>
      <Paper p="lg" withBorder>
        <ProfileForm me={me} />
      </Paper>
      <Paper p="lg" withBorder>
        <Stack>
          <Text fw={600}>{t("profile.changePassword")}</Text>
          <PasswordForm />
        </Stack>
      </Paper>
      <Paper p="lg" withBorder>
        <TwoFactorSection />
      </Paper>
      <Paper p="lg" withBorder>
        <NotificationSettings />
      </Paper>
    </Stack>
  );
}
