import { Box, Center, Group, Paper } from "@mantine/core";
import { Outlet } from "react-router";
import { LanguageSelector } from "../components/LanguageSelector.tsx";
import { Logo } from "../components/Logo.tsx";

export function OnboardingLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" px="lg" py="sm">
        <Logo />
        <LanguageSelector />
      </Group>
      <Center px="md" py="xl">
        <Paper shadow="sm" p="xl" w="100%" maw={640} withBorder>
          <Outlet />
        </Paper>
      </Center>
    </Box>
  );
}
