import type { MailDomainView } from "@holboo/core";
import { ActionIcon, Badge, Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { api } from "../../../lib/api.ts";
import { mailDomainsKey, useMailDomains } from "./company.queries.ts";
import { MailDomainDialog } from "./MailDomainDialog.tsx";

/** The company's allowed mail domains (domain, description, status): the domain rule checks invitations against the active ones. */
export function MailDomains({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation("settings");
  const client = useQueryClient();
  const list = useMailDomains();
  const [editing, setEditing] = useState<MailDomainView | "new" | null>(null);
  const [removing, setRemoving] = useState<MailDomainView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.del(`/api/company/mail-domains/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: mailDomainsKey }),
    onSettled: () => setRemoving(null),
  });
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={4}>{t("domains.title")}</Title>
        {canEdit && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing("new")}>
            {t("domains.add")}
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Loader size="sm" />
      ) : !items.length ? (
        <ListEmpty
          failed={list.isError}
          onRetry={() => void list.refetch()}
          text={t("emptyHelp.domains")}
          action={canEdit && { label: t("domains.add"), onClick: () => setEditing("new"), testId: "empty-add-domain" }}
        />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("domains.domain")}</Table.Th>
                <Table.Th>{t("domains.description")}</Table.Th>
                <Table.Th>{t("domains.status")}</Table.Th>
                {canEdit && <Table.Th w={90} aria-label={t("actions")} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((domain) => (
                <Table.Tr key={domain.id} data-testid={`domain-${domain.domain}`}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {domain.domain}
                    </Text>
                  </Table.Td>
                  <Table.Td>{domain.description}</Table.Td>
                  <Table.Td>
                    <Badge color={domain.status === "active" ? "teal" : "gray"} variant="light">
                      {t(`status.${domain.status}`)}
                    </Badge>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={t("domains.editOne", { domain: domain.domain })} onClick={() => setEditing(domain)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("domains.deleteOne", { domain: domain.domain })}
                          onClick={() => setRemoving(domain)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
    </Stack>
  );
}
