import type { MailDomainView } from "@holboo/core";
import { Badge, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, editAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { useDeleteMailDomain, useMailDomains } from "./company.queries.ts";
import { MailDomainDialog } from "./MailDomainDialog.tsx";

/** The company's allowed mail domains (domain, description, status): the domain rule checks invitations against the active ones. */
export function MailDomains({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation("settings");
  const list = useMailDomains();
  const [editing, setEditing] = useState<MailDomainView | "new" | null>(null);
  const [removing, setRemoving] = useState<MailDomainView | null>(null);
  const remove = useDeleteMailDomain({ onSettled: () => setRemoving(null) });
  const add = () => setEditing("new");
  return (
    <ListPage
      variant="section"
      title={t("domains.title")}
      primaryAction={canEdit && { label: t("domains.add"), onClick: add, icon: <IconPlus size={14} /> }}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.domains"), action: canEdit && { label: t("domains.add"), onClick: add, testId: "empty-add-domain" } }}
      table={{
        minWidth: 480,
        verticalSpacing: "xs",
        rowKey: (domain) => domain.id,
        rowTestId: (domain) => `domain-${domain.domain}`,
        columns: [
          {
            key: "domain",
            header: t("domains.domain"),
            cell: (domain) => (
              <Text fw={500} size="sm">
                {domain.domain}
              </Text>
            ),
          },
          { key: "description", header: t("domains.description"), cell: (domain) => domain.description },
          {
            key: "status",
            header: t("domains.status"),
            cell: (domain) => (
              <Badge color={domain.status === "active" ? "teal" : "gray"} variant="light">
                {t(`status.${domain.status}`)}
              </Badge>
            ),
          },
        ],
        actionsHeader: { label: t("actions"), w: 90 },
        rowActions: canEdit
          ? (domain) => (
              <RowActions
                actions={[
                  editAction(t("domains.editOne", { domain: domain.domain }), () => setEditing(domain)),
                  deleteAction(t("domains.deleteOne", { domain: domain.domain }), () => setRemoving(domain)),
                ]}
              />
            )
          : undefined,
      }}
    >
      {editing && <MailDomainDialog domain={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t("domains.deleteTitle")}
        message={t("domains.deleteText", { domain: removing?.domain ?? "" })}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </ListPage>
  );
}
