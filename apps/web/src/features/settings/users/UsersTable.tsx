import { pageCount, type UserView } from "@holboo/core";
import { Button, Group, Loader, Stack, Table } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconUserPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../../components/shared/Pagination.tsx";
import { api } from "../../../lib/api.ts";
import { useMe, usePermission } from "../../../lib/session.ts";
import { UserDialog } from "./UserDialog.tsx";
import { UserFiltersBar } from "./UserFiltersBar.tsx";
import { UserNameCell } from "./UserNameCell.tsx";
import { UserRowActions } from "./UserRowActions.tsx";
import { userRowRules } from "./user-rules.ts";
import { UserStatusCell } from "./UserStatusCell.tsx";
import { NO_FILTERS, USERS_PAGE_SIZE, useUsers, usersKey, type UserFilters } from "./users.queries.ts";

/** The users tab: filters, the table (user_name, e-mail, role, status), pagination, invite, edit and delete. */
export function UsersTable() {
  const { t } = useTranslation("settings");
  const { data: me } = useMe();
  const canManage = usePermission("user.manage");
  const client = useQueryClient();
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserView | "new" | null>(null);
  const [removing, setRemoving] = useState<UserView | null>(null);
  const list = useUsers({ ...filters, search: search.trim() }, page);
  const remove = useMutation({
    mutationFn: (user: UserView) => api.del(`/api/users/${user.ID}`),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
    onSettled: () => setRemoving(null),
  });
  const changeFilters = (next: UserFilters) => {
    setFilters(next);
    setPage(1);
  };
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <UserFiltersBar filters={filters} onChange={changeFilters} />
        {canManage && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing("new")} data-testid="invite-user">
            {t("users.invite")}
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Loader />
      ) : !items.length ? (
        <ListEmpty failed={list.isError} onRetry={() => void list.refetch()} text={t("emptyHelp.users")} />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("users.userName")}</Table.Th>
                <Table.Th>{t("users.email")}</Table.Th>
                <Table.Th>{t("users.role")}</Table.Th>
                <Table.Th>{t("users.status")}</Table.Th>
                <Table.Th w={48} aria-label={t("actions")} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <Table.Tr key={user.ID} data-testid={`user-row-${user.email ?? user.ID}`}>
                  <Table.Td>
                    <UserNameCell user={user} isMe={user.ID === me?.ID} />
                  </Table.Td>
                  <Table.Td>{user.email ?? "—"}</Table.Td>
                  <Table.Td>{user.user_type === "human" ? t(`roles.${user.role}`) : t("userTypes.virtual_agent")}</Table.Td>
                  <Table.Td>
                    <UserStatusCell user={user} />
                  </Table.Td>
                  <Table.Td>
                    <UserRowActions
                      user={user}
                      rules={userRowRules(user, me?.ID, canManage)}
                      onEdit={() => setEditing(user)}
                      onDelete={() => setRemoving(user)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, USERS_PAGE_SIZE)} onChange={setPage} />
      {editing && <UserDialog user={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t("users.deleteTitle")}
        message={t("users.deleteText", { name: removing?.user_name ?? "" })}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Stack>
  );
}
