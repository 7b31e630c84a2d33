import { IMPORT_FIELDS, type ImportField, type ImportMapping, LIMITS } from "@holboo/core";
import { Alert, Anchor, Button, FileInput, Group, Modal, ScrollArea, Select, SimpleGrid, Stack, Stepper, Table, Text } from "@mantine/core";
import { IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiUrl, notifyError } from "../../lib/api.ts";
import { useCommitImport, useInspectImport, usePreviewImport } from "./contacts.queries.ts";
import { errorMessage, isKnownErrorCode } from "../../lib/errors.ts";
import { fileSize } from "../../components/shared/file-size.ts";

/** A column whose header is the field's key or its label in either language is mapped to it at once. */
function guessMapping(columns: string[], labels: (field: ImportField) => string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const normal = columns.map((c) => c.trim().toLowerCase());
  for (const field of IMPORT_FIELDS) {
    const index = normal.findIndex((c) => c === field || labels(field).some((label) => label.toLowerCase() === c));
    if (index >= 0) mapping[field] = index;
  }
  return mapping;
}

/** Import: upload → column mapping → preview with per-row problems → commit, with a report of the rows left out. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation("contacts");
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const labels = (field: ImportField) => ["mn", "en"].map((lng) => i18n.getFixedT(lng, "contacts")(`fields.${field}`));
  const inspect = useInspectImport({
    onSuccess: (view) => {
      setMapping(guessMapping(view.columns, labels));
      setStep(1);
    },
    onError: notifyError,
  });
  const preview = usePreviewImport({
    onSuccess: () => setStep(2),
    onError: notifyError,
  });
  const commit = useCommitImport({
    onSuccess: () => setStep(3),
    onError: notifyError,
  });
  const columns = inspect.data?.columns ?? [];
  const problems = (fields: Record<string, string>) =>
    [...new Set(Object.values(fields).map((code) => (isKnownErrorCode(code) ? errorMessage(code) : code)))].join(" ");
  const result = commit.data;
  const checked = preview.data;
  return (
    <Modal opened onClose={onClose} title={t("import.title")} size="xl" centered>
      <Stepper active={step} size="sm">
        <Stepper.Step label={t("import.file")}>
          <Stack mt="md">
            <FileInput
              label={t("import.file")}
              description={t("import.fileHint", { rows: LIMITS.contactImportMaxRows.toLocaleString("en-US"), size: fileSize(LIMITS.contactImportBytes) })}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={file}
              onChange={setFile}
              data-testid="import-file"
            />
            <Group justify="flex-end">
              <Button disabled={!file} loading={inspect.isPending} onClick={() => file && inspect.mutate(file)} data-testid="import-next">
                {t("import.next")}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t("import.columns")}>
          <Stack mt="md">
            <Text size="sm">{t("import.mapping")}</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {IMPORT_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={t(`fields.${field}`)}
                  required={field === "first_name"}
                  placeholder={t("import.skip")}
                  clearable
                  data={columns.map((column, index) => ({ value: String(index), label: column || `#${index + 1}` }))}
                  value={mapping[field] === undefined ? null : String(mapping[field])}
                  onChange={(value) => setMapping((current) => ({ ...current, [field]: value === null ? undefined : Number(value) }))}
                />
              ))}
            </SimpleGrid>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                {t("import.back")}
              </Button>
              <Button loading={preview.isPending} onClick={() => preview.mutate({ file: file as File, mapping })} data-testid="import-preview">
                {t("import.preview")}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t("import.preview")}>
          {checked && (
            <Stack mt="md">
              <Text data-testid="import-summary">{t("import.summary", checked)}</Text>
              {checked.errors.length > 0 && (
                <ScrollArea.Autosize mah={240}>
                  <Table data-testid="import-errors">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("import.row")}</Table.Th>
                        <Table.Th>{t("import.problems")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {checked.errors.map((error) => (
                        <Table.Tr key={error.row}>
                          <Table.Td>{error.row}</Table.Td>
                          <Table.Td>{problems(error.fields)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              )}
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(1)}>
                  {t("import.back")}
                </Button>
                <Button
                  disabled={!checked.valid}
                  loading={commit.isPending}
                  onClick={() => commit.mutate({ file: file as File, mapping })}
                  data-testid="import-commit"
                >
                  {t("import.commit", { count: checked.valid })}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Completed>
          {result && (
            <Stack mt="md">
              <Alert color="green" data-testid="import-done">
                {t("import.done", { count: result.imported })}
              </Alert>
              {result.report_file_id && (
                <Anchor href={apiUrl("/api/files/:id", { params: { id: result.report_file_id } })} download data-testid="import-report">
                  <Group gap={4}>
                    <IconDownload size={16} />
                    {t("import.report")}
                  </Group>
                </Anchor>
              )}
              <Group justify="flex-end">
                <Button onClick={onClose}>{t("import.close")}</Button>
              </Group>
            </Stack>
          )}
        </Stepper.Completed>
      </Stepper>
    </Modal>
  );
}
