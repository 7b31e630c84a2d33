import { ARTICLE_STATUSES } from "@holboo/core";
import { Group, Paper, Select, Stack, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { RecordList } from "../../components/record-list/RecordList.tsx";
import type { ListParams } from "../../components/record-list/useListParams.ts";
import { ArticlesTable } from "./ArticlesTable.tsx";
import { KNOWLEDGE_PAGE_SIZE, useArticleList, useFolders } from "./knowledge.queries.ts";

/** The chosen folder's articles (every folder's with none chosen): search, status filter and page in the address. */
export function ArticleList({ list, folderId }: { list: ListParams<"folder" | "status">; folderId: number | null }) {
  const { t } = useTranslation("knowledge");
  const folders = useFolders();
  const status = ARTICLE_STATUSES.find((known) => known === list.filters.status) ?? null;
  const articles = useArticleList(folderId, list.search.settled, status, list.page);
  const folderName = (id: number) => folders.data?.items.find((f) => f.id === id)?.name ?? "";
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group>
          <TextInput
            leftSection={<IconSearch size={14} />}
            placeholder={t("articles.search")}
            aria-label={t("articles.search")}
            value={list.search.text}
            onChange={(e) => list.search.setText(e.currentTarget.value)}
            maw={280}
          />
          <Select
            aria-label={t("articles.status")}
            placeholder={t("articles.allStatuses")}
            data={ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={(value) => list.setFilter("status", value)}
            clearable
            maw={200}
          />
        </Group>
        <RecordList query={articles} pageSize={KNOWLEDGE_PAGE_SIZE} page={list.page} onPageChange={list.setPage} empty={{ text: t("articles.empty") }}>
          {(items) => <ArticlesTable items={items} folderName={folderId === null ? folderName : null} />}
        </RecordList>
      </Stack>
    </Paper>
  );
}
