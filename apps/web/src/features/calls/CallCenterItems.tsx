import { Button, Group, Paper, Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { deleteAction, RowActions, type Column } from "../../components/shared/DataTable.tsx";
import { ListPage, type ListQueryState } from "../../components/shared/ListPage.tsx";
import { fieldErrors } from "../../lib/api.ts";

/** One input of the add form: a text input, or a select when it has options. */
export interface ItemField<Name extends string> {
  name: Name;
  label: string;
  testId: string;
  placeholder?: string;
  options?: Array<{ value: string; label: string }>;
}

interface Props<Row extends { id: number }, Name extends string> {
  title: string;
  emptyText: string;
  testId: string;
  query: ListQueryState;
  rows: readonly Row[];
  columns: Array<Column<Row>>;
  canEdit: boolean;
  onRemove: (row: Row) => void;
  fields: ReadonlyArray<ItemField<Name>>;
  addLabel: string;
  addTestId: string;
  /** Saves a new row; the form empties when it resolves and shows the fields' errors when it fails. */
  onAdd: (values: Record<Name, string>) => Promise<unknown>;
}

/** A list of the call center's lines or extensions: its rows, each with a delete button, and the one-line form that adds one. */
export function CallCenterItems<Row extends { id: number }, Name extends string>(props: Props<Row, Name>) {
  const { t } = useTranslation("calls");
  const { canEdit, onRemove } = props;
  return (
    <Paper withBorder p="md">
      <ListPage
        variant="section"
        title={props.title}
        query={props.query}
        rows={props.rows}
        empty={{ text: props.emptyText }}
        table={{
          testId: props.testId,
          hideHeader: true,
          rowKey: (row) => row.id,
          columns: props.columns,
          actionsHeader: { w: 40 },
          rowActions: canEdit ? (row) => <RowActions actions={[deleteAction(t("settings.delete"), () => onRemove(row))]} /> : undefined,
        }}
      >
        {canEdit && <AddItemForm fields={props.fields} addLabel={props.addLabel} addTestId={props.addTestId} onAdd={props.onAdd} />}
      </ListPage>
    </Paper>
  );
}

function AddItemForm<Name extends string>({
  fields,
  addLabel,
  addTestId,
  onAdd,
}: Pick<Props<{ id: number }, Name>, "fields" | "addLabel" | "addTestId" | "onAdd">) {
  const form = useForm<Record<Name, string>>({ initialValues: Object.fromEntries(fields.map((field) => [field.name, ""])) as Record<Name, string> });
  const add = useMutation({ mutationFn: onAdd, onSuccess: () => form.reset(), onError: (error) => form.setErrors(fieldErrors(error)) });
  return (
    <form onSubmit={form.onSubmit((values) => add.mutate(values))} noValidate>
      <Group align="flex-end">
        {fields.map((field) =>
          field.options ? (
            <Select key={field.name} label={field.label} data={field.options} data-testid={field.testId} {...form.getInputProps(field.name)} />
          ) : (
            <TextInput key={field.name} label={field.label} placeholder={field.placeholder} data-testid={field.testId} {...form.getInputProps(field.name)} />
          ),
        )}
        <Button type="submit" variant="light" loading={add.isPending} data-testid={addTestId}>
          {addLabel}
        </Button>
      </Group>
    </form>
  );
}
