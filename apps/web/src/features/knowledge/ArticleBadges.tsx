import type { ArticleSource, ArticleStatus } from "@holboo/core";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function StatusBadge({ status }: { status: ArticleStatus }) {
  const { t } = useTranslation("knowledge");
  return (
    <Badge tt="none" color={status === "published" ? "green" : "yellow"} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function SourceBadge({ source }: { source: ArticleSource }) {
  const { t } = useTranslation("knowledge");
  return (
    <Badge tt="none" color="gray" variant="outline">
      {t(`sources.${source}`)}
    </Badge>
  );
}
