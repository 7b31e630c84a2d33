import { pageCount, type UserView } from "@holboo/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { useMe, usePermission } from "../../../lib/session.ts";
import { UserDialog } from "./UserDialog.tsx";
import { UserFiltersBar } from "./UserFiltersBar.tsx";
import { UserNameCell } from "./UserNameCell.tsx";
import { UserRowActions } from "./UserRowActions.tsx";
import { UserStatusCell } from "./UserStatusCell.tsx";
import { NO_FILTERS, USERS_PAGE_SIZE, useDeleteUser, useUsers, type UserFilters } from "./users.queries.ts";

/** The users tab: filters, the table (user_name, e-mail, role, status), pagination, invite, edit and delete. */
export function UsersTable() {
  const { t } = useTranslation("settings");
  const { data: me } = useMe();
  const canManage = usePermission("user.manage");
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserView | "new" | null>(null);
  const [removing, setRemoving] = useState<UserView | null>(null);
  const list = useUsers({ ...filters, search: search.trim() }, page);
  const remove = useDeleteUser({
    onSettled: () => setRemoving(null),
  });
  const changeFilters = (next: UserFilters) => {
    setFilters(next);
    setPage(1);
  };
  return (
    <ListPage
      variant="embedded"
      filters={<UserFiltersBar filters={filters} onChange={changeFilters} />}
      primaryAction={canManage && { label: t("users.invite"), onClick: () => setEditing("new"), icon: <IconUserPlus size={16} />, testId: "invite-user" }}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.users") }}
      table={{
        minWidth: 680,
        verticalSpacing: "sm",
        highlightOnHover: true,
        rowKey: (user) => user.ID,
        rowTestId: (user) => `user-row-${user.email ?? user.ID}`,
        columns: [
          { key: "name", header: t("users.userName"), cell: (user) => <UserNameCell user={user} isMe={user.ID === me?.ID} /> },
          { key: "email", header: t("users.email"), cell: (user) => user.email ?? "—" },
          {
            key: "role",
            header: t("users.role"),
            cell: (user) => (user.user_type === "human" ? t(`roles.${user.role}`) : t("userTypes.virtual_agent")),
          },
          { key: "status", header: t("users.status"), cell: (user) => <UserStatusCell user={user} /> },
        ],
        actionsHeader: { label: t("actions"), w: 48 },
        rowActions: (user) => <UserRowActions user={user} onEdit={() => setEditing(user)} onDelete={() => setRemoving(user)} />,
      }}
      pagination={{ page, total: pageCount(list.data?.total ?? 0, USERS_PAGE_SIZE), onChange: setPage }}
    >
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
    </ListPage>
  );
}
