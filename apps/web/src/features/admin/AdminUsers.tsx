import { Alert, Group, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { IconInfoCircle, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { RecordList } from "../../components/record-list/RecordList.tsx";
import { useListParams } from "../../components/record-list/useListParams.ts";
import { ADMIN_PAGE_SIZE, useAdminSettings, useAdminUsers } from "./admin.queries.ts";
import { AdminUsersTable } from "./AdminUsersTable.tsx";

const APPROVALS = ["all", "pending", "approved"] as const;
const FILTERS = ["approval"] as const;

/** Every user on the platform, with the sign-up approval filter; filter, search and page in the address. */
export function AdminUsers() {
  const { t } = useTranslation("admin");
  const list = useListParams(FILTERS);
  const approval = list.filters.approval === "pending" || list.filters.approval === "approved" ? list.filters.approval : null;
  const users = useAdminUsers(approval, list.search.settled, list.page);
  const settings = useAdminSettings();
  return (
    <Stack>
      {settings.data && (
        <Alert color={settings.data.signup_approval_required ? "yellow" : "gray"} icon={<IconInfoCircle size={16} />}>
          {t(settings.data.signup_approval_required ? "users.approvalOn" : "users.approvalOff")}
        </Alert>
      )}
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          aria-label={t("users.approval")}
          value={approval ?? "all"}
          onChange={(value) => list.setFilter("approval", value === "all" ? null : value)}
          data={APPROVALS.map((value) => ({ value, label: t(`users.${value}`) }))}
        />
        <TextInput
          aria-label={t("search")}
          placeholder={t("search")}
          leftSection={<IconSearch size={14} />}
          value={list.search.text}
          onChange={(event) => list.search.setText(event.currentTarget.value)}
          w={{ base: "100%", xs: 240 }}
        />
      </Group>
      <RecordList query={users} pageSize={ADMIN_PAGE_SIZE} page={list.page} onPageChange={list.setPage} empty={{ text: t("users.empty") }}>
        {(items) => <AdminUsersTable items={items} />}
      </RecordList>
    </Stack>
  );
}
