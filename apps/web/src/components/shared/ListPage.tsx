import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableProps } from "./DataTable.tsx";
import { ListEmpty, type ListEmptyAction } from "./ListEmpty.tsx";
import { Pagination } from "./Pagination.tsx";

/** The header's button: an action or a link; its test id is the header's own (the empty state's button has another). */
export interface ListPageAction {
  label: string;
  onClick?: () => void;
  to?: string;
  testId?: string;
  icon?: ReactNode;
}

/** What a list page needs to know of its query (a react-query result fits). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListPageProps<Row> {
  title?: ReactNode;
  description?: ReactNode;
  /** "page": a settings page (large title, bordered frame); "section": a part of a page (small title and button,
   * no frame); "embedded": inside another frame, such as a tab (no frame). */
  variant?: "page" | "section" | "embedded";
  primaryAction?: ListPageAction | false;
  /** Header content instead of one primary action (several buttons). */
  actions?: ReactNode;
  /** Between the header and the list (notices, pickers). */
  intro?: ReactNode;
  /** Search and filters above the rows; with no title they stand in the header, beside the action. */
  filters?: ReactNode;
  query: ListQueryState;
  /** The rows to show (already filtered, when the page shows part of what the query returns). */
  rows: readonly Row[];
  empty: { text: string; action?: ListEmptyAction | false };
  table: Omit<DataTableProps<Row>, "rows">;
  pagination?: { page: number; total: number; onChange: (page: number) => void };
  /** Dialogs the page opens. */
  children?: ReactNode;
  maw?: number;
}

/**
 * The skeleton every settings list shares: header (title, description, primary action), filters, then one of
 * loading, the failed load (spec §8 error state with a retry), the calm empty state with the action that fills
 * the list, or the table; pagination below.
 */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const { title, filters, query, rows, variant = "page" } = props;
  const compact = variant === "section";
  const body = (
    <Stack>
      {title && filters}
      {query.isPending && !query.isError ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : query.isError || !rows.length ? (
        <ListEmpty failed={query.isError} onRetry={() => void query.refetch()} text={props.empty.text} action={props.empty.action} />
      ) : (
        <DataTable rows={rows} {...props.table} />
      )}
      {props.pagination && <Pagination {...props.pagination} />}
    </Stack>
  );
  return (
    <Stack maw={props.maw}>
      <Group justify="space-between" align={title ? "center" : "flex-end"}>
        {title ? <Title order={compact ? 4 : 2}>{title}</Title> : filters}
        {props.actions ?? (props.primaryAction && <PrimaryAction action={props.primaryAction} compact={compact} />)}
      </Group>
      {props.description && (
        <Text size="sm" c="dimmed">
          {props.description}
        </Text>
      )}
      {props.intro}
      {variant === "page" ? (
        <Paper withBorder p="md">
          {body}
        </Paper>
      ) : (
        body
      )}
      {props.children}
    </Stack>
  );
}

function PrimaryAction({ action, compact }: { action: ListPageAction; compact: boolean }) {
  const shared = { size: compact ? "xs" : "sm", leftSection: action.icon, "data-testid": action.testId } as const;
  return action.to ? (
    <Button component={Link} to={action.to} {...shared}>
      {action.label}
    </Button>
  ) : (
    <Button onClick={action.onClick} {...shared}>
      {action.label}
    </Button>
  );
}
