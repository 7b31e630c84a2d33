import { ArticleInput, LIMITS, emptyDoc, type ArticleView, type TiptapNode } from "@holboo/core";
import { Alert, Anchor, Button, Group, Select, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconArrowLeft } from "@tabler/icons-react";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { usePermission } from "../../lib/session.ts";
import { SourceBadge, StatusBadge } from "./ArticleBadges.tsx";
import { folderOptions, useArticle, useFolders, usePublishArticle, useRemoveArticle, useSaveArticle } from "./knowledge.queries.ts";

// The editor (Tiptap and ProseMirror, most of the app's weight) loads only when an article is opened.
const ArticleEditor = lazy(() => import("./editor/ArticleEditor.tsx").then((module) => ({ default: module.ArticleEditor })));

function ArticleForm({ article, folderId }: { article: ArticleView | null; folderId: number | null }) {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const navigate = useNavigate();
  const folders = useFolders().data?.items ?? [];
  const [name, setName] = useState(article?.name ?? "");
  const [folder, setFolder] = useState<string | null>(String(article?.folder_id ?? folderId ?? folders[0]?.id ?? ""));
  const [content, setContent] = useState<TiptapNode>(article?.content ?? emptyDoc());
  const [chars, setChars] = useState(article?.char_count ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState(false);
  const saved = (view: ArticleView) => {
    notifications.show({ color: "green", message: t("articles.saved") });
    if (!article) void navigate(`/knowledge/${view.id}`, { replace: true });
  };
  const save = useSaveArticle(article?.id ?? null, {
    onSuccess: saved,
    onError: (error) => showSubmitError(error, setErrors),
  });
  const status = usePublishArticle(article?.id, { onSuccess: saved });
  const remove = useRemoveArticle(article?.id, { onSuccess: () => void navigate("/knowledge") });
  const submit = () => {
    const checked = validate(ArticleInput, { folder_id: Number(folder), name, content });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.data);
  };
  const tooLong = chars > LIMITS.articleCharsWarning;
  return (
    <Stack>
      <Anchor component={Link} to="/knowledge" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("articles.back")}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{article?.name ?? t("articles.new")}</Title>
          {article && (
            <Group gap="xs">
              <StatusBadge status={article.status} />
              <SourceBadge source={article.source} />
              {article.source_url && (
                <Anchor href={article.source_url} target="_blank" rel="noopener noreferrer" size="xs">
                  {article.source_url}
                </Anchor>
              )}
              <Text size="xs" c="dimmed">
                {t("articles.updated")}: <RelativeTime value={article.updated_at} />
                {article.updated_by && ` · ${t("articles.by", { name: article.updated_by.name })}`}
              </Text>
            </Group>
          )}
        </Stack>
        {canEdit && (
          <Group>
            {article && (
              <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
                {t("articles.delete")}
              </Button>
            )}
            <Button variant="default" onClick={submit} loading={save.isPending} data-testid="save-article">
              {t("articles.save")}
            </Button>
            {article?.status === "draft" && (
              <Button onClick={() => status.mutate("publish")} loading={status.isPending} data-testid="publish-article">
                {t("articles.publish")}
              </Button>
            )}
            {article?.status === "published" && (
              <Button variant="light" onClick={() => status.mutate("unpublish")} loading={status.isPending}>
                {t("articles.unpublish")}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!folders.length && <Alert color="yellow">{t("articles.chooseFolder")}</Alert>}
      <Group grow align="flex-start">
        <TextInput label={t("articles.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} readOnly={!canEdit} required />
        <Select
          label={t("articles.folder")}
          data={folderOptions(folders)}
          value={folder}
          onChange={setFolder}
          error={errors.folder_id}
          readOnly={!canEdit}
          allowDeselect={false}
        />
      </Group>
      {/* Above the editor: a long article's editor is thousands of pixels tall, and a warning under it went unseen. */}
      {tooLong && (
        <Alert color="orange" icon={<IconAlertTriangle size={16} />} data-testid="article-too-long">
          {t("articles.tooLong")}
        </Alert>
      )}
      <Suspense fallback={<Skeleton height={320} />}>
        <ArticleEditor
          label={t("articles.content")}
          content={content}
          editable={canEdit}
          onChange={(doc, length) => {
            setContent(doc);
            setChars(length);
          }}
        />
      </Suspense>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t("articles.chars", { count: chars })}
        </Text>
        {errors.content && (
          <Text size="xs" c="red">
            {errors.content}
          </Text>
        )}
      </Group>
      <ConfirmDialog
        opened={removing}
        title={t("articles.deleteTitle")}
        message={t("articles.deleteText", { name: article?.name ?? "" })}
        danger
        onCancel={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false);
          remove.mutate();
        }}
      />
    </Stack>
  );
}

/** /knowledge/{id} and /knowledge/createNew (?folder=id): view and edit one article. */
export function ArticlePage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const folders = useFolders();
  const articleId = id ? Number(id) : null;
  const article = useArticle(articleId);
  if (!folders.data || (articleId !== null && !article.data)) return null;
  const folderParam = params.get("folder");
  return <ArticleForm key={article.data?.id ?? "new"} article={article.data ?? null} folderId={folderParam ? Number(folderParam) : null} />;
}
