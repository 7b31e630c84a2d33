import { formatDateTime, pageCount, type AuditEntryView, type AuditSummary } from "@holboo/core";
import { Code, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { AuditFiltersBar } from "./AuditFiltersBar.tsx";
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditFilters } from "./audit.queries.ts";
import { auditValueKey, isCodedField } from "./audit-values.ts";

const NO_FILTERS: AuditFilters = { actor: null, action: null, range: { preset: "custom", start: null, end: null } };

/**
 * Every field by its words, and every code (a status, role, permission, plan, channel type…) by its words
 * (`audit-values.ts`); names, addresses and numbers as they were stored. A code added later without words shows as stored.
 */
function useSummaryText() {
  const { t, i18n } = useTranslation("security");
  const value = (field: string, item: string | number | boolean | null) => {
    if (item === null) return "—";
    if (typeof item === "boolean") return t(`values.${String(item)}`);
    const key = isCodedField(field) ? auditValueKey(field, String(item)) : null;
    return key && i18n.exists(key) ? t(key) : String(item);
  };
  return (summary: AuditSummary | null) =>
    summary
      ? Object.entries(summary)
          .map(
            ([key, item]) =>
              `${t(`fields.${key}`, { defaultValue: key })}: ${Array.isArray(item) ? item.map((one) => value(key, one)).join(", ") : value(key, item)}`,
          )
          .join("; ")
      : "";
}

/** /settings/audit: who did what in the company, newest first (read only; audit.view). */
export function AuditPage() {
  const { t } = useTranslation("security");
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useAuditLog(filters, page);
  return (
    <ListPage
      title={t("audit.title")}
      description={t("audit.hint")}
      filters={
        <AuditFiltersBar
          filters={filters}
          onChange={(next) => {
            setPage(1);
            setFilters(next);
          }}
        />
      }
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("audit.empty") }}
      table={{
        testId: "audit-table",
        minWidth: 760,
        verticalSpacing: "xs",
        rowKey: (entry) => entry.id,
        rowTestId: (entry) => `audit-${entry.action}`,
        columns: [
          { key: "time", header: t("audit.time"), td: { style: { whiteSpace: "nowrap" } }, cell: (entry) => formatDateTime(new Date(entry.created_at)) },
          { key: "actor", header: t("audit.actor"), cell: (entry) => (entry.actor ? entry.actor.name || `#${entry.actor.id}` : t("audit.system")) },
          { key: "action", header: t("audit.action"), cell: (entry) => t(`actions.${entry.action}`) },
          {
            key: "target",
            header: t("audit.target"),
            cell: (entry) => `${t(`targets.${entry.target_type}`)}${entry.target_id ? ` #${entry.target_id}` : ""}`,
          },
          { key: "change", header: t("audit.change"), td: { maw: 320 }, cell: (entry) => <AuditChange entry={entry} /> },
          { key: "ip", header: t("audit.ip"), cell: (entry) => <Code>{entry.ip ?? ""}</Code> },
        ],
      }}
      pagination={{ page, total: pageCount(list.data?.total ?? 0, AUDIT_PAGE_SIZE), onChange: setPage }}
    />
  );
}

/** What the change was: the summary before and after, each in the person's language. */
function AuditChange({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation("security");
  const summaryText = useSummaryText();
  const before = summaryText(entry.before);
  const after = summaryText(entry.after);
  return (
    <>
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
    </>
  );
}
