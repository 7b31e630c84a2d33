import { getTableColumns, type Column, type InferSelectModel, type Table } from "drizzle-orm";

/** A table's columns as [property, column] pairs, read once per table (rows are mapped per message). */
const columnsByTable = new WeakMap<Table, Array<[string, Column]>>();

function columnsOf(table: Table): Array<[string, Column]> {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsByTable.set(table, columns);
  }
  return columns;
}

/**
 * A row that PostgreSQL returned as `row_to_json(...)` (snake_case keys, timestamps as text), mapped
 * to the table's select type exactly as drizzle maps a selected row. It lets one hand-written
 * statement return rows of several tables.
 */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
