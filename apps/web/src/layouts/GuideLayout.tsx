import { Box, Button, Container, Group } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { LanguageSelector } from "../components/LanguageSelector.tsx";
import { Logo } from "../components/Logo.tsx";

/** The guide layout (spec §2): reading pages with a way back to the workspace. */
export function GuideLayout() {
  const { t } = useTranslation("shell");
  return (
    <Box mih="100vh">
      <Group justify="space-between" px="lg" py="sm" wrap="nowrap" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Group gap="md" wrap="nowrap">
          <Logo />
          <Button component={Link} to="/interacts" variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} visibleFrom="sm">
            {t("guide.back")}
          </Button>
        </Group>
        <LanguageSelector />
      </Group>
      <Container size="md" py="xl">
        <Outlet />
      </Container>
    </Box>
  );
}
