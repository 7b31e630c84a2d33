import type { FolderView } from "@holboo/core";
import { Button, Grid, Group, Paper, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useListParams } from "../../components/record-list/useListParams.ts";
import { usePermission } from "../../lib/session.ts";
import { ArticleList } from "./ArticleList.tsx";
import { DeleteFolderDialog, FolderDialog } from "./FolderDialogs.tsx";
import { FolderTree } from "./FolderTree.tsx";
import { ImportPanel } from "./ImportPanel.tsx";
import { KnowledgeTabs } from "./KnowledgeTabs.tsx";
import { useFolders } from "./knowledge.queries.ts";

const FILTERS = ["folder", "status"] as const;

/** /knowledge (and /knowledge/base): the folder tree beside the articles of the chosen folder. */
export function KnowledgePage() {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const navigate = useNavigate();
  const list = useListParams(FILTERS);
  const selected = list.filters.folder ? Number(list.filters.folder) : null;
  const [editing, setEditing] = useState<{ folder: FolderView | null; parentId: number | null } | null>(null);
  const [removing, setRemoving] = useState<FolderView | null>(null);
  const folders = useFolders();
  const select = (id: number | null) => list.setFilter("folder", id ? String(id) : null);
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
            <ArticleList list={list} folderId={selected} />
          </Stack>
        </Grid.Col>
      </Grid>
      {editing && <FolderDialog folder={editing.folder} parentId={editing.parentId} onClose={() => setEditing(null)} />}
      <DeleteFolderDialog folder={removing} onClose={() => setRemoving(null)} onDeleted={() => select(null)} />
    </Stack>
  );
}
