import type { AdminUserView } from "@holboo/core";
import { Badge, Button, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useApproveUser } from "./admin.queries.ts";
import { HandoffLinkButton } from "./HandoffLinkButton.tsx";

/** One page of the platform's users, with Approve for a pending one and a sign-in link for one with an address. */
export function AdminUsersTable({ items }: { items: readonly AdminUserView[] }) {
  const { t } = useTranslation("admin");
  const approve = useApproveUser();
  return (
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
  );
}
