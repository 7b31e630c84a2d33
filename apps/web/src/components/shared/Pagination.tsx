import { pageItems } from "@holboo/core";
import { ActionIcon, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

interface Props {
  /** The active page, from 1. */
  page: number;
  /** The number of pages (core `pageCount(total, pageSize)`). */
  total: number;
  onChange: (page: number) => void;
}

/** Spec §5, §9: the core page list with ellipses; nothing for a single page; previous/next disabled at the ends. */
export function Pagination({ page, total, onChange }: Props) {
  const { t } = useTranslation("components");
  const items = pageItems(page, total);
  if (!items.length) return null;
  return (
    <Group gap={4} justify="center" component="nav" aria-label={t("pagination.label")}>
      <ActionIcon variant="default" size="md" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={t("pagination.previous")}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      {items.map((item, index) =>
        item === null ? (
          <Text key={`gap-${index}`} c="dimmed" px={4} data-testid="pagination-ellipsis" aria-hidden>
            …
          </Text>
        ) : (
          <ActionIcon
            key={item}
            size="md"
            miw={32}
            variant={item === page ? "filled" : "default"}
            aria-current={item === page ? "page" : undefined}
            aria-label={t("pagination.page", { page: item })}
            onClick={() => item !== page && onChange(item)}
          >
            {item}
          </ActionIcon>
        ),
      )}
      <ActionIcon variant="default" size="md" disabled={page >= total} onClick={() => onChange(page + 1)} aria-label={t("pagination.next")}>
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
