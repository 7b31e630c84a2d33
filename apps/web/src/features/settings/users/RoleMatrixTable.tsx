import { EDITABLE_ROLES, PERMISSION_GROUPS, type EditableRole, type MatrixPermission } from "@holboo/core";
import { Checkbox, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { RoleDraft } from "./role-matrix.ts";

interface Props {
  draft: RoleDraft;
  editable: (role: EditableRole) => boolean;
  onToggle: (role: EditableRole, permission: MatrixPermission, on: boolean) => void;
}

const permissionKey = (permission: MatrixPermission) => permission.replace(".", "_");

/** Spec §6 menus (interaction, issue, contact, dashboard, settings, plan, calls) × roles; admin holds everything. */
export function RoleMatrixTable({ draft, editable, onToggle }: Props) {
  const { t } = useTranslation("settings");
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("roleSettings.permission")}</Table.Th>
            <Table.Th ta="center">{t("roles.admin")}</Table.Th>
            {EDITABLE_ROLES.map((role) => (
              <Table.Th key={role} ta="center">
                {t(`roles.${role}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(PERMISSION_GROUPS).flatMap(([group, permissions]) => [
            <Table.Tr key={group}>
              <Table.Td colSpan={2 + EDITABLE_ROLES.length}>
                <Text fw={700} size="sm">
                  {t(`permissionGroups.${group}`)}
                </Text>
              </Table.Td>
            </Table.Tr>,
            ...permissions.map((permission) => {
              const label = t(`permissions.${permissionKey(permission)}`);
              return (
                <Table.Tr key={permission}>
                  <Table.Td pl="lg">
                    <Text size="sm">{label}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox checked disabled readOnly aria-label={`${t("roles.admin")}: ${label}`} style={{ display: "flex", justifyContent: "center" }} />
                  </Table.Td>
                  {EDITABLE_ROLES.map((role) => (
                    <Table.Td key={role}>
                      <Checkbox
                        checked={draft[role].includes(permission)}
                        disabled={!editable(role)}
                        onChange={(event) => onToggle(role, permission, event.currentTarget.checked)}
                        aria-label={`${t(`roles.${role}`)}: ${label}`}
                        style={{ display: "flex", justifyContent: "center" }}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            }),
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
