import type { QaSource, QaView } from "@holboo/core";
import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { IconCheck, IconPencil, IconSearch, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordList } from "../../components/record-list/RecordList.tsx";
import type { ListParams } from "../../components/record-list/useListParams.ts";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { usePermission } from "../../lib/session.ts";
import { QaDialog } from "./QaDialogs.tsx";
import { KNOWLEDGE_PAGE_SIZE, useQaPairActions, useQaPairs } from "./knowledge.queries.ts";

/** The Q&A pairs of one source: search and page in the address, bulk (de)activation, approve, edit and delete. */
export function QaPairsTable({ source, list }: { source: QaSource; list: ListParams<"filter"> }) {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<QaView | null>(null);
  const [removing, setRemoving] = useState<QaView | null>(null);
  const pairs = useQaPairs(source, list.search.settled, list.page);
  const { setActive, approve, remove } = useQaPairActions(() => setSelected([]));
  const items = pairs.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((pair) => selected.includes(pair.id));
  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  return (
    <Stack>
      <TextInput
        leftSection={<IconSearch size={14} />}
        placeholder={t("qa.search")}
        aria-label={t("qa.search")}
        value={list.search.text}
        onChange={(e) => list.search.setText(e.currentTarget.value)}
        maw={320}
      />
      {canEdit && selected.length > 0 && (
        <Group data-testid="qa-bulk">
          <Text size="sm">{t("qa.selected", { count: selected.length })}</Text>
          <Button size="xs" variant="light" onClick={() => setActive.mutate({ ids: selected, active: true })}>
            {t("qa.activate")}
          </Button>
          <Button size="xs" variant="light" color="gray" onClick={() => setActive.mutate({ ids: selected, active: false })}>
            {t("qa.deactivate")}
          </Button>
        </Group>
      )}
      <RecordList query={pairs} pageSize={KNOWLEDGE_PAGE_SIZE} page={list.page} onPageChange={list.setPage} empty={{ text: t("qa.empty") }}>
        {() => (
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  {canEdit && (
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label={t("qa.selected", { count: items.length })}
                        checked={allSelected}
                        onChange={() => setSelected(allSelected ? [] : items.map((p) => p.id))}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t("qa.question")}</Table.Th>
                  <Table.Th>{t("qa.answer")}</Table.Th>
                  <Table.Th>{t("qa.source")}</Table.Th>
                  <Table.Th>{t("qa.active")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((pair) => (
                  <Table.Tr key={pair.id} data-testid="qa-row">
                    {canEdit && (
                      <Table.Td>
                        <Checkbox aria-label={pair.question} checked={selected.includes(pair.id)} onChange={() => toggle(pair.id)} />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {pair.question}
                      </Text>
                      {pair.variants.length > 0 && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {pair.variants.join(" · ")}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {pair.answer}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge tt="none" variant="light" color={pair.source === "auto" ? "grape" : "blue"}>
                        {t(pair.source === "auto" ? "qa.sourceAuto" : "qa.sourceReviewed")}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t("qa.active")}
                        checked={pair.active}
                        disabled={!canEdit}
                        onChange={(e) => setActive.mutate({ ids: [pair.id], active: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {pair.source === "auto" && (
                            <ActionIcon variant="subtle" color="green" aria-label={t("qa.approve")} onClick={() => approve.mutate(pair.id)}>
                              <IconCheck size={16} />
                            </ActionIcon>
                          )}
                          <ActionIcon variant="subtle" aria-label={t("edit")} onClick={() => setEditing(pair)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => setRemoving(pair)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </RecordList>
      {editing && <QaDialog pair={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={!!removing}
        title={t("qa.deleteTitle")}
        message={t("qa.deleteText", { name: removing?.question ?? "" })}
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
