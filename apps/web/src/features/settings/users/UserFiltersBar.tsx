import { ROLES, USER_STATUSES, USER_TYPES, type Role, type UserStatus, type UserType } from "@holboo/core";
import { Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { UserFilters } from "./users.queries.ts";

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Search and the user_type, user_status and role filters of the users table. */
export function UserFiltersBar({ filters, onChange }: { filters: UserFilters; onChange: (filters: UserFilters) => void }) {
  const { t } = useTranslation("settings");
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        aria-label={t("users.search")}
        placeholder={t("users.search")}
        leftSection={<IconSearch size={14} />}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        w={{ base: "100%", xs: 220 }}
      />
      <Select
        aria-label={t("users.type")}
        placeholder={t("users.type")}
        data={USER_TYPES.map((value) => ({ value, label: t(`userTypes.${value}`) }))}
        value={filters.user_type}
        onChange={(value) => onChange({ ...filters, user_type: pick<UserType>(USER_TYPES, value) })}
        clearable
        w={150}
      />
      <Select
        aria-label={t("users.status")}
        placeholder={t("users.status")}
        data={USER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={filters.user_status}
        onChange={(value) => onChange({ ...filters, user_status: pick<UserStatus>(USER_STATUSES, value) })}
        clearable
        w={140}
      />
      <Select
        aria-label={t("users.role")}
        placeholder={t("users.role")}
        data={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
        value={filters.role}
        onChange={(value) => onChange({ ...filters, role: pick<Role>(ROLES, value) })}
        clearable
        w={140}
      />
    </Group>
  );
}
