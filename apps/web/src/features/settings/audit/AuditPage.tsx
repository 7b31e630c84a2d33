import { formatDateTime, pageCount, type AuditEntryView, type AuditSummary } from "@holboo/core";
import { Code, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../../components/shared/Pagination.tsx";
import { AuditFiltersBar } from "./AuditFiltersBar.tsx";
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditFilters } from "./audit.queries.ts";

const NO_FILTERS: AuditFilters = { actor: null, action: null, range: { preset: "custom", start: null, end: null } };

const TRANSLATED_VALUES = new Set(["totp", "recovery", "code", "password_check"]);

/** Known fields and values read in the person's language; anything else (names, addresses) as it was stored. */
function useSummaryText() {
  const { t } = useTranslation("security");
  const value = (item: string | number | boolean | null) =>
    item === null ? "—" : typeof item === "boolean" || TRANSLATED_VALUES.has(String(item)) ? t(`values.${String(item)}`) : String(item);
  return (summary: AuditSummary | null) =>
    summary
      ? Object.entries(summary)
          .map(([key, item]) => `${t(`fields.${key}`, { defaultValue: key })}: ${Array.isArray(item) ? item.join(", ") : value(item)}`)
          .join("; ")
      : "";
}

/** /settings/audit: who did what in the company, newest first (read only; audit.view). */
export function AuditPage() {
  const { t } = useTranslation("security");
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useAuditLog(filters, page);
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <Title order={2}>{t("audit.title")}</Title>
      <Paper p="md" withBorder>
        <Stack>
          <Text size="sm" c="dimmed">
            {t("audit.hint")}
          </Text>
          <AuditFiltersBar
            filters={filters}
            onChange={(next) => {
              setPage(1);
              setFilters(next);
            }}
          />
          {list.isPending ? (
            <Loader />
          ) : !items.length ? (
            <ListEmpty failed={list.isError} onRetry={() => void list.refetch()} text={t("audit.empty")} />
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs" data-testid="audit-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("audit.time")}</Table.Th>
                    <Table.Th>{t("audit.actor")}</Table.Th>
                    <Table.Th>{t("audit.action")}</Table.Th>
                    <Table.Th>{t("audit.target")}</Table.Th>
                    <Table.Th>{t("audit.change")}</Table.Th>
                    <Table.Th>{t("audit.ip")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((entry) => (
                    <AuditRow key={entry.id} entry={entry} time={formatDateTime(new Date(entry.created_at))} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pagination page={page} total={pageCount(list.data?.total ?? 0, AUDIT_PAGE_SIZE)} onChange={setPage} />
        </Stack>
      </Paper>
    </Stack>
  );
}

function AuditRow({ entry, time }: { entry: AuditEntryView; time: string }) {
  const { t } = useTranslation("security");
  const summaryText = useSummaryText();
  const before = summaryText(entry.before);
  const after = summaryText(entry.after);
  return (
    <Table.Tr data-testid={`audit-${entry.action}`}>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{time}</Table.Td>
      <Table.Td>{entry.actor ? entry.actor.name || `#${entry.actor.id}` : t("audit.system")}</Table.Td>
      <Table.Td>{t(`actions.${entry.action}`)}</Table.Td>
      <Table.Td>
        {t(`targets.${entry.target_type}`)}
        {entry.target_id ? ` #${entry.target_id}` : ""}
      </Table.Td>
      <Table.Td maw={320}>
        {before && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {t("audit.before")}: {before}
          </Text>
        )}
        {after && (
          <Text size="xs" lineClamp={2}>
            {t("audit.after")}: {after}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Code>{entry.ip ?? ""}</Code>
      </Table.Td>
    </Table.Tr>
  );
}
