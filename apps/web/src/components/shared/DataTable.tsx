import { ActionIcon, Group, Table, Tooltip, type TableTdProps, type TableThProps } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** One column of a list: its heading and how a row fills its cell. */
export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Width, min-width and the like of the heading cell. */
  th?: Omit<TableThProps, "children">;
  td?: Omit<TableTdProps, "children">;
  cellTestId?: string;
}

/** A row's icon button: an action (`onClick`) or a link (`to`); `tooltip` explains it (e.g. why it is disabled). */
export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  to?: string;
  color?: string;
  disabled?: boolean;
  tooltip?: string;
  testId?: string;
}

/** The pencil that opens a row for editing. */
export const editAction = (label: string, onClick: () => void, testId?: string): RowAction => ({ label, icon: <IconPencil size={16} />, onClick, testId });

/** The red bin that asks to delete a row. */
export const deleteAction = (label: string, onClick: () => void, testId?: string): RowAction => ({
  label,
  icon: <IconTrash size={16} />,
  color: "red",
  onClick,
  testId,
});

/** The icon buttons at a row's end; `children` (a badge, a button) stand before them. */
export function RowActions({ actions, children }: { actions: ReadonlyArray<RowAction | false>; children?: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      {actions.map((action) => action && <RowActionIcon key={action.label} action={action} />)}
    </Group>
  );
}

function RowActionIcon({ action }: { action: RowAction }) {
  const shared = { variant: "subtle", color: action.color, "aria-label": action.label, disabled: action.disabled, "data-testid": action.testId } as const;
  const icon = action.to ? (
    <ActionIcon component={Link} to={action.to} {...shared}>
      {action.icon}
    </ActionIcon>
  ) : (
    <ActionIcon onClick={action.onClick} {...shared}>
      {action.icon}
    </ActionIcon>
  );
  return action.tooltip ? <Tooltip label={action.tooltip}>{icon}</Tooltip> : icon;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row> | false>;
  rowKey: (row: Row) => string | number;
  /** The last, heading-less column: usually `<RowActions>`; left out when not given (nothing the person may do). */
  rowActions?: (row: Row) => ReactNode;
  /** The actions column's accessible name and width. */
  actionsHeader?: { label?: string; w?: number };
  rowTestId?: (row: Row) => string;
  /** A row that opens something (click, Enter or Space), named for screen readers by `label`. */
  rowOpen?: { onOpen: (row: Row) => void; label: (row: Row) => string };
  /** Below this width the table scrolls sideways inside its frame instead of squeezing (phones). */
  minWidth?: number;
  /** Rows only, for short lists whose columns need no names. */
  hideHeader?: boolean;
  testId?: string;
  verticalSpacing?: "xs" | "sm" | "md";
  highlightOnHover?: boolean;
}

/** The table of a list page, from typed column definitions. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, rowKey, rowActions, actionsHeader, rowTestId, rowOpen, minWidth, hideHeader } = props;
  const columns = props.columns.filter((column): column is Column<Row> => column !== false);
  const table = (
    <Table data-testid={props.testId} verticalSpacing={props.verticalSpacing} highlightOnHover={props.highlightOnHover}>
      {!hideHeader && (
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} {...column.th}>
                {column.header}
              </Table.Th>
            ))}
            {rowActions && <Table.Th w={actionsHeader?.w} aria-label={actionsHeader?.label} />}
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr
            key={rowKey(row)}
            data-testid={rowTestId?.(row)}
            {...(rowOpen && {
              onClick: () => rowOpen.onOpen(row),
              onKeyDown: (event) => (event.key === "Enter" || event.key === " ") && rowOpen.onOpen(row),
              tabIndex: 0,
              style: { cursor: "pointer" },
              "aria-label": rowOpen.label(row),
            })}
          >
            {columns.map((column) => (
              <Table.Td key={column.key} data-testid={column.cellTestId} {...column.td}>
                {column.cell(row)}
              </Table.Td>
            ))}
            {rowActions && <Table.Td w={hideHeader ? actionsHeader?.w : undefined}>{rowActions(row)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
