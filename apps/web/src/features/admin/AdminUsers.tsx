import { pageCount } from "@holboo/core";
import { Alert, Badge, Button, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconInfoCircle, IconSearch } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { api } from "../../lib/api.ts";
import { adminKeys } from "./admin.keys.ts";
import { ADMIN_PAGE_SIZE, useAdminSettings, useAdminUsers, type Approval } from "./admin.queries.ts";
import { HandoffLinkButton } from "./HandoffLinkButton.tsx";

const APPROVALS = ["all", "pending", "approved"] as const;

/** Every user on the platform, with the sign-up approval filter and an Approve button for pending ones. */
export function AdminUsers() {
  const { t } = useTranslation("admin");
  const client = useQueryClient();
  const [approval, setApproval] = useState<Approval | null>(null);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useAdminUsers(approval, debounced, page);
  const settings = useAdminSettings();
  const approve = useMutation({
    mutationFn: (id: number) => api.post("/api/admin/users/:id/approve", { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const items = list.data?.items ?? [];
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
          onChange={(value) => {
            setApproval(value === "pending" || value === "approved" ? value : null);
            setPage(1);
          }}
          data={APPROVALS.map((value) => ({ value, label: t(`users.${value}`) }))}
        />
        <TextInput
          aria-label={t("search")}
          placeholder={t("search")}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: "100%", xs: 240 }}
        />
      </Group>
      {list.isPending ? (
        <Loader />
      ) : !items.length ? (
        <EmptyState onRetry={() => void list.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("users.name")}</Table.Th>
                <Table.Th>{t("users.email")}</Table.Th>
                <Table.Th>{t("users.company")}</Table.Th>
                <Table.Th>{t("users.approval")}</Table.Th>
                <Table.Th aria-label={t("users.actions")} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <Table.Tr key={user.ID} data-testid={`admin-user-${user.email ?? user.ID}`}>
                  <Table.Td>{user.user_name}</Table.Td>
                  <Table.Td>{user.email ?? "—"}</Table.Td>
                  <Table.Td>
                    {user.company_name ?? (
                      <Text c="dimmed" size="sm">
                        {t("users.noCompany")}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={user.is_approved_by_superadmin ? "teal" : "yellow"}>
                      {t(user.is_approved_by_superadmin ? "users.approved" : "users.pending")}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {!user.is_approved_by_superadmin && (
                        <Button size="xs" loading={approve.isPending && approve.variables === user.ID} onClick={() => approve.mutate(user.ID)}>
                          {t("users.approve")}
                        </Button>
                      )}
                      {user.email && <HandoffLinkButton userId={user.ID} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, ADMIN_PAGE_SIZE)} onChange={setPage} />
    </Stack>
  );
}
