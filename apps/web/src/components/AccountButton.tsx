import type { MeView } from "@holboo/core";
import { Group, Text, UnstyledButton, type UnstyledButtonProps } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "./shared/UserAvatar.tsx";

type Props = UnstyledButtonProps & ComponentPropsWithRef<"button"> & { account: MeView };

/**
 * The header's account button (my photo and name). The account menu opens from it; until that menu's code has loaded
 * (a lazy chunk, off the first screen's budget) it stands alone, so the header does not move when the menu arrives.
 */
export function AccountButton({ account, ...button }: Props) {
  const { t } = useTranslation("shell");
  return (
    <UnstyledButton aria-label={t("header.account")} {...button}>
      <Group gap={8} wrap="nowrap">
        <UserAvatar name={account.user_name} photoUrl={account.photo_url} size="md" />
        <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
          {account.user_name}
        </Text>
        <IconChevronDown size={14} style={{ flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}
