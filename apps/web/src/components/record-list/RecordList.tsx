import { pageCount } from "@holboo/core";
import { Center, Group, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListEmpty, type ListEmptyAction } from "../shared/ListEmpty.tsx";
import { Pagination } from "../shared/Pagination.tsx";

/** One page of records as the server pages them (`{ items, total }`). */
export interface RecordPage<Row> {
  items: readonly Row[];
  total: number;
}

/** What the list needs of its query (a react-query result fits). */
export interface RecordListQuery<Row> {
  data?: RecordPage<Row>;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface RecordListProps<Row> {
  query: RecordListQuery<Row>;
  pageSize: number;
  /** From the list's params (`useListParams`), so the page lives in the address. */
  page: number;
  onPageChange: (page: number) => void;
  /** The calm empty state's help text and the action that fills the list, when the person may take it. */
  empty: { text: string; action?: ListEmptyAction | false };
  /** The screen's rows (its table or cards) for the loaded page; it owns the columns and the row actions. */
  children: (items: readonly Row[]) => ReactNode;
  /** The count line beside the pages (e.g. "120 contacts"); none when not given. */
  totalLabel?: (total: number) => ReactNode;
}

/**
 * The record lists' one body: loading, the failed load (spec §8 error state with a retry), the empty state, or the
 * screen's rows, then the server's pages. Filters and the page live in the address (`useListParams`).
 */
export function RecordList<Row>({ query, pageSize, page, onPageChange, empty, children, totalLabel }: RecordListProps<Row>) {
  const { t } = useTranslation("components");
  const total = query.data?.total ?? 0;
  const body = query.isError ? (
    <ListEmpty failed onRetry={() => void query.refetch()} text={empty.text} />
  ) : !query.data ? (
    <Center py="md">
      <Loader size="sm" aria-label={t("recordList.loading")} />
    </Center>
  ) : !query.data.items.length ? (
    <ListEmpty failed={false} onRetry={() => void query.refetch()} text={empty.text} action={empty.action} />
  ) : (
    children(query.data.items)
  );
  const pages = <Pagination page={page} total={pageCount(total, pageSize)} onChange={onPageChange} />;
  return (
    <Stack>
      {body}
      {totalLabel ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {totalLabel(total)}
          </Text>
          {pages}
        </Group>
      ) : (
        pages
      )}
    </Stack>
  );
}
