import type { ArticleSummary } from "@holboo/core";
import { Group, Table, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { SourceBadge, StatusBadge } from "./ArticleBadges.tsx";

/** One page of articles; with no folder chosen each names its folder (`folderName`). */
export function ArticlesTable({ items, folderName }: { items: readonly ArticleSummary[]; folderName: ((folderId: number) => string) | null }) {
  const { t } = useTranslation("knowledge");
  return (
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
          {items.map((article) => (
            <Table.Tr key={article.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text component={Link} to={`/knowledge/${article.id}`} fw={600} size="sm" c="blue">
                    {article.name}
                  </Text>
                  {article.too_long && <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" aria-label={t("articles.tooLong")} />}
                </Group>
                {folderName && (
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
  );
}
