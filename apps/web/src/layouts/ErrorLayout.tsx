import { Box, Button, Group } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelector } from "../components/LanguageSelector.tsx";
import { Logo } from "../components/Logo.tsx";
import { logout } from "../lib/logout.ts";

/** The error layout (spec §2): a header bar with the logo, the language selector and logout. */
export function ErrorLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("shell");
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group
        justify="space-between"
        px="lg"
        py="sm"
        bg="var(--mantine-color-body)"
        wrap="nowrap"
        style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
      >
        <Logo />
        <Group gap="sm" wrap="nowrap">
          <LanguageSelector />
          <Button variant="subtle" color="gray" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            {t("header.logout")}
          </Button>
        </Group>
      </Group>
      {children}
    </Box>
  );
}
