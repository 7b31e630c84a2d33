import type { UserView } from "@holboo/core";
import { Badge, Box, Group, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";

const PRESENCE_COLOR = { online: "teal", away: "yellow", offline: "gray" } as const;

/** The account status and a dot for presence (online, away, offline). */
export function UserStatusCell({ user }: { user: UserView }) {
  const { t } = useTranslation("settings");
  const presence = t(`presence.${user.presence}`);
  return (
    <Group gap={8} wrap="nowrap">
      <Tooltip label={presence} withArrow>
        <Box
          role="img"
          aria-label={presence}
          w={10}
          h={10}
          style={{ borderRadius: "50%", flexShrink: 0, background: `var(--mantine-color-${PRESENCE_COLOR[user.presence]}-6)` }}
        />
      </Tooltip>
      <Badge color={user.user_status === "active" ? "teal" : "gray"} variant="light">
        {t(`status.${user.user_status}`)}
      </Badge>
    </Group>
  );
}
