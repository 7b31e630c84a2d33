import { QA_FILTERS, pageCount, type QaFilter, type QaSource, type QaView, type QuestionOutcome, type QuestionView } from "@holboo/core";
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Switch, Table, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCheck, IconPencil, IconSearch, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { api, notifyError } from "../../lib/api.ts";
import { usePermission } from "../../lib/session.ts";
import { KnowledgeTabs } from "./KnowledgeTabs.tsx";
import { QaDialog, ResolveDialog } from "./QaDialogs.tsx";
import { knowledgeKeys } from "./knowledge.keys.ts";

const PAGE_SIZE = 20;
const isFilter = (value: string | null): value is QaFilter => (QA_FILTERS as readonly (string | null)[]).includes(value);

function PairsTable({ source, page, setPage }: { source: QaSource; page: number; setPage: (page: number) => void }) {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<QaView | null>(null);
  const [removing, setRemoving] = useState<QaView | null>(null);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const list = useQuery({
    queryKey: knowledgeKeys.pairs(source, debounced, page),
    queryFn: () => api.get("/api/knowledge/qa", { query: { source, search: debounced, page, page_size: PAGE_SIZE } }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: knowledgeKeys.qa() });
  const setActive = useMutation({
    mutationFn: ({ ids, active }: { ids: number[]; active: boolean }) => api.post("/api/knowledge/qa/active", { body: { ids, active } }),
    onSuccess: () => {
      setSelected([]);
      refresh();
    },
    onError: notifyError,
  });
  const approve = useMutation({
    mutationFn: (id: number) => api.post("/api/knowledge/qa/:id/approve", { params: { id } }),
    onSuccess: refresh,
    onError: notifyError,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.del("/api/knowledge/qa/:id", { params: { id } }), onSuccess: refresh, onError: notifyError });
  const items = list.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((pair) => selected.includes(pair.id));
  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  return (
    <Stack>
      <TextInput
        leftSection={<IconSearch size={14} />}
        placeholder={t("qa.search")}
        aria-label={t("qa.search")}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
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
      {list.data && !items.length ? (
        <EmptyState title={t("qa.empty")} />
      ) : (
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
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, PAGE_SIZE)} onChange={setPage} />
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

function QuestionsTable({ outcome, page, setPage }: { outcome: QuestionOutcome; page: number; setPage: (page: number) => void }) {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const [answering, setAnswering] = useState<QuestionView | null>(null);
  const list = useQuery({
    queryKey: knowledgeKeys.questions(outcome, page),
    queryFn: () => api.get("/api/knowledge/questions", { query: { outcome, page, page_size: PAGE_SIZE } }),
  });
  const items = list.data?.items ?? [];
  return (
    <Stack>
      {list.data && !items.length ? (
        <EmptyState title={t("qa.empty")} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("qa.question")}</Table.Th>
                <Table.Th>{t("qa.asked")}</Table.Th>
                <Table.Th>{t("qa.confidence")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((q) => (
                <Table.Tr key={q.id} data-testid="question-row">
                  <Table.Td>
                    <Text size="sm">{q.question}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      <RelativeTime value={q.created_at} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{q.confidence === null ? "—" : `${Math.round(q.confidence * 100)}%`}</Text>
                  </Table.Td>
                  <Table.Td>
                    {outcome === "not_found" &&
                      (q.resolved_qa_pair_id ? (
                        <Badge tt="none" color="green" variant="light">
                          {t("qa.resolved")}
                        </Badge>
                      ) : (
                        canEdit && (
                          <Button size="xs" variant="light" onClick={() => setAnswering(q)}>
                            {t("qa.answerIt")}
                          </Button>
                        )
                      ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, PAGE_SIZE)} onChange={setPage} />
      {answering && <ResolveDialog question={answering} onClose={() => setAnswering(null)} />}
    </Stack>
  );
}

/** /knowledge/qa: the pairs (edited manually, auto-generated) and the question log by outcome (spec §4 filters). */
export function QaPage() {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const filter: QaFilter = isFilter(raw) ? raw : "manual";
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("qaTitle")}</Title>
        {canEdit && (
          <Button onClick={() => setAdding(true)} data-testid="add-qa">
            {t("qa.add")}
          </Button>
        )}
      </Group>
      <KnowledgeTabs />
      <Paper withBorder p="md">
        <Stack>
          <Tabs
            variant="pills"
            value={filter}
            onChange={(value) => {
              setPage(1);
              setParams(value ? { filter: value } : {});
            }}
          >
            <Tabs.List>
              {QA_FILTERS.map((f) => (
                <Tabs.Tab key={f} value={f}>
                  {t(`qa.filters.${f}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {filter === "manual" || filter === "auto" ? (
            <PairsTable key={filter} source={filter === "manual" ? "reviewed" : "auto"} page={page} setPage={setPage} />
          ) : (
            <QuestionsTable key={filter} outcome={filter} page={page} setPage={setPage} />
          )}
        </Stack>
      </Paper>
      {adding && <QaDialog pair={null} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
