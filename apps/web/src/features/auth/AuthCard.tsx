import { Anchor, Box, Center, Group, Paper } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSelector } from "../../components/LanguageSelector.tsx";
import { Logo } from "../../components/Logo.tsx";

/** The frame of the public sign-in pages: logo home link, language selector, a centred card. */
export function AuthCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation("shell");
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" px="lg" py="sm" wrap="nowrap">
        <Anchor component={Link} to="/" underline="never" aria-label={t("header.home")}>
          <Logo />
        </Anchor>
        <LanguageSelector />
      </Group>
      <Center px="md" py={40}>
        <Paper shadow="sm" p="xl" w="100%" maw={420} withBorder>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}
