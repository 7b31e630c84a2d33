import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The Holboo mark and name; `compact` drops the name on phones where the header is narrow. */
export function Logo({ size = 28, compact = false }: { size?: number; compact?: boolean }) {
  const { t } = useTranslation("shell");
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={size} height={size} alt="" />
      <Text fw={750} size="lg" c="indigo.8" visibleFrom={compact ? "xs" : undefined}>
        {t("brand")}
      </Text>
    </Group>
  );
}
