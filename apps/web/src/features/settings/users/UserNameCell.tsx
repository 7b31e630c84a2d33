import type { UserView } from "@holboo/core";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "../../../components/shared/UserAvatar.tsx";

/** Avatar, name and the owner / "you" / invited marks of a user row. */
export function UserNameCell({ user, isMe }: { user: UserView; isMe: boolean }) {
  const { t } = useTranslation("settings");
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={user.user_name} photoUrl={user.photo_url} size="sm" />
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {user.user_name}
          {isMe && (
            <Text span c="dimmed" size="xs">
              {" "}
              ({t("users.you")})
            </Text>
          )}
        </Text>
        <Group gap={4}>
          {user.is_owner && (
            <Badge size="xs" variant="light" color="violet" data-testid="owner-badge">
              {t("users.owner")}
            </Badge>
          )}
          {user.user_type === "human" && !user.has_password && (
            <Badge size="xs" variant="light" color="yellow">
              {t("users.invited")}
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
