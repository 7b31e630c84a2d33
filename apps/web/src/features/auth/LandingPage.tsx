import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBrandMessenger, IconMessageChatbot, IconUsersGroup } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSelector } from "../../components/LanguageSelector.tsx";
import { Logo } from "../../components/Logo.tsx";

export function LandingPage() {
  const { t } = useTranslation("auth");
  const features = [
    { icon: IconBrandMessenger, key: "channels" },
    { icon: IconMessageChatbot, key: "ai" },
    { icon: IconUsersGroup, key: "team" },
  ] as const;
  return (
    <Stack mih="100vh" gap={0} bg="linear-gradient(180deg, var(--mantine-color-indigo-0), white)">
      <Group justify="space-between" px="lg" py="sm">
        <Logo compact />
        <Group gap="sm">
          <LanguageSelector />
          <Button component={Link} to="/pub/login" variant="default" visibleFrom="xs">
            {t("landing.login")}
          </Button>
        </Group>
      </Group>
      <Container size="md" py={{ base: 40, sm: 80 }}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} style={{ fontSize: "clamp(1.9rem, 5vw, 2.9rem)" }}>
            {t("landing.title")}
          </Title>
          <Text size="lg" c="dimmed" maw={620}>
            {t("landing.subtitle")}
          </Text>
          <Group justify="center">
            <Button size="lg" component={Link} to="/pub/login?mode=signup">
              {t("landing.signup")}
            </Button>
            <Button size="lg" variant="default" component={Link} to="/pub/login">
              {t("landing.login")}
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt={60}>
          {features.map(({ icon: Icon, key }) => (
            <Stack key={key} align="center" ta="center" gap="xs">
              <ThemeIcon size={48} radius="xl" variant="light">
                <Icon size={26} />
              </ThemeIcon>
              <Text fw={600}>{t(`landing.features.${key}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`landing.features.${key}.text`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Stack>
  );
}
