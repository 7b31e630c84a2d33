import { ARTICLE_STATUSES, pageCount, type ArticleStatus, type FolderView } from "@holboo/core";
import { Button, Grid, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertTriangle, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { api } from "../../lib/api.ts";
import { usePermission } from "../../lib/session.ts";
import { SourceBadge, StatusBadge } from "./ArticleBadges.tsx";
import { DeleteFolderDialog, FolderDialog } from "./FolderDialogs.tsx";
import { FolderTree } from "./FolderTree.tsx";
import { ImportPanel } from "./ImportPanel.tsx";
import { KnowledgeTabs } from "./KnowledgeTabs.tsx";
import { knowledgeKeys } from "./knowledge.keys.ts";
import { useFolders } from "./knowledge.queries.ts";

const PAGE_SIZE = 20;

/** /knowledge (and /knowledge/base): the folder tree beside the articles of the chosen folder. */
export function KnowledgePage() {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selected = params.get("folder") ? Number(params.get("folder")) : null;
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<ArticleStatus | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ folder: FolderView | null; parentId: number | null } | null>(null);
  const [removing, setRemoving] = useState<FolderView | null>(null);
  const folders = useFolders();
  const articles = useQuery({
    queryKey: knowledgeKeys.articleList(selected, debounced, status, page),
    queryFn: () => api.get("/api/knowledge/articles", { query: { folder_id: selected, search: debounced, status, page, page_size: PAGE_SIZE } }),
  });
  const select = (id: number | null) => {
    setPage(1);
    setParams(id ? { folder: String(id) } : {});
  };
  const folderName = (id: number) => folders.data?.items.find((f) => f.id === id)?.name ?? "";
  const newArticle = () => void navigate(`/knowledge/createNew${selected ? `?folder=${selected}` : ""}`);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("title")}</Title>
        {canEdit && (
          <Group>
            <Button variant="default" onClick={() => setEditing({ folder: null, parentId: selected })} data-testid="add-folder">
              {t("folders.add")}
            </Button>
            <Button onClick={newArticle} disabled={!folders.data?.items.length} data-testid="new-article">
              {t("articles.new")}
            </Button>
          </Group>
        )}
      </Group>
      <KnowledgeTabs />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs">
            <FolderTree
              folders={folders.data?.items ?? []}
              selected={selected}
              onSelect={select}
              canEdit={canEdit}
              onAddChild={(parent) => setEditing({ folder: null, parentId: parent.id })}
              onEdit={(folder) => setEditing({ folder, parentId: folder.parent_id })}
              onDelete={setRemoving}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack>
            {canEdit && selected !== null && <ImportPanel folderId={selected} />}
            <Paper withBorder p="md">
              <Stack>
                <Group>
                  <TextInput
                    leftSection={<IconSearch size={14} />}
                    placeholder={t("articles.search")}
                    aria-label={t("articles.search")}
                    value={search}
                    onChange={(e) => {
                      setSearch(e.currentTarget.value);
                      setPage(1);
                    }}
                    maw={280}
                  />
                  <Select
                    aria-label={t("articles.status")}
                    placeholder={t("articles.allStatuses")}
                    data={ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                    value={status}
                    onChange={(value) => {
                      setStatus(ARTICLE_STATUSES.find((known) => known === value) ?? null);
                      setPage(1);
                    }}
                    clearable
                    maw={200}
                  />
                </Group>
                {articles.data && !articles.data.items.length ? (
                  <EmptyState title={t("articles.empty")} />
                ) : (
                  <Table.ScrollContainer minWidth={640}>
                    <Table highlightOnHover>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t("articles.name")}</Table.Th>
                          <Table.Th>{t("articles.status")}</Table.Th>
                          <Table.Th>{t("articles.source")}</Table.Th>
                          <Table.Th>{t("articles.updated")}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {articles.data?.items.map((article) => (
                          <Table.Tr key={article.id}>
                            <Table.Td>
                              <Group gap={6} wrap="nowrap">
                                <Text component={Link} to={`/knowledge/${article.id}`} fw={600} size="sm" c="blue">
                                  {article.name}
                                </Text>
                                {article.too_long && <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" aria-label={t("articles.tooLong")} />}
                              </Group>
                              {selected === null && (
                                <Text size="xs" c="dimmed">
                                  {folderName(article.folder_id)}
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <StatusBadge status={article.status} />
                            </Table.Td>
                            <Table.Td>
                              <SourceBadge source={article.source} />
                            </Table.Td>
                            <Table.Td>
                              <Text size="xs">
                                <RelativeTime value={article.updated_at} />
                              </Text>
                              {article.updated_by && (
                                <Text size="xs" c="dimmed">
                                  {t("articles.by", { name: article.updated_by.name })}
                                </Text>
                              )}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
                <Pagination page={page} total={pageCount(articles.data?.total ?? 0, PAGE_SIZE)} onChange={setPage} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {editing && <FolderDialog folder={editing.folder} parentId={editing.parentId} onClose={() => setEditing(null)} />}
      <DeleteFolderDialog folder={removing} onClose={() => setRemoving(null)} onDeleted={() => select(null)} />
    </Stack>
  );
}
