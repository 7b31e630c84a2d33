import { EDITABLE_ROLES, type EditableRole, type MatrixPermission, type RoleMatrixView } from "@holboo/core";
import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/shared/EmptyState.tsx";
import { useMe, usePermission } from "../../../lib/session.ts";
import { canEditRole, roleChanged, togglePermission, type RoleDraft } from "./role-matrix.ts";
import { RoleMatrixTable } from "./RoleMatrixTable.tsx";
import { useRoleMatrix, useSaveRole } from "./users.queries.ts";

const asDraft = (view: RoleMatrixView): RoleDraft => ({ manager: view.roles.manager ?? [], agent: view.roles.agent ?? [], guest: view.roles.guest ?? [] });

/** The role settings tab: edit the matrix, then save each role on its own. */
export function RoleMatrix() {
  const { t } = useTranslation("settings");
  const { data: me } = useMe();
  const canManage = usePermission("role.manage");
  const matrix = useRoleMatrix();
  const [edits, setEdits] = useState<Partial<RoleDraft>>({});
  const saved = matrix.data ? asDraft(matrix.data) : null;
  const save = useSaveRole({
    onSuccess: (_data, { role }) => {
      setEdits(({ [role]: _saved, ...rest }) => rest);
      notifications.show({ color: "teal", message: t("roleSettings.saved", { role: t(`roles.${role}`) }) });
    },
  });
  if (matrix.isPending) return <Loader />;
  if (!saved) return <EmptyState onRetry={() => void matrix.refetch()} />;
  const draft: RoleDraft = { ...saved, ...edits };
  const editable = (role: EditableRole) => canEditRole(role, me?.role, canManage);
  const toggle = (role: EditableRole, permission: MatrixPermission, on: boolean) =>
    setEdits((current) => ({ ...current, [role]: togglePermission(current[role] ?? saved[role], permission, on) }));
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t(canManage ? "roleSettings.hint" : "roleSettings.readOnly")}
      </Text>
      <RoleMatrixTable draft={draft} editable={editable} onToggle={toggle} />
      {canManage && (
        <Group justify="flex-end">
          {EDITABLE_ROLES.filter(editable).map((role) => (
            <Button
              key={role}
              variant="light"
              disabled={!roleChanged(draft[role], saved[role])}
              loading={save.isPending && save.variables?.role === role}
              onClick={() => save.mutate({ role, permissions: edits[role] ?? saved[role] })}
            >
              {t("roleSettings.save", { role: t(`roles.${role}`) })}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
