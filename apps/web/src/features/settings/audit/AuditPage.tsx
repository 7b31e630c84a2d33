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
function useAuditWords() {
  const { t, i18n } = useTranslation("security");
  const value = (field: string, item: string | number | boolean | null) => {
    if (item === null || item === "") return "—";
    if (typeof item === "boolean") return t(`values.${String(item)}`);
    const key = isCodedField(field) ? auditValueKey(field, String(item)) : null;
    return key && i18n.exists(key) ? t(key) : String(item);
  };
  const values = (field: string, item: AuditSummary[string]) => (Array.isArray(item) ? item.map((one) => value(field, one)).join(", ") : value(field, item));
  const field = (key: string) => t(`fields.${key}`, { defaultValue: key });
  const summary = (fields: Array<[string, AuditSummary[string]]>) => fields.map(([key, item]) => `${field(key)}: ${values(key, item)}`).join("; ");
  return { value, field, values, summary };
}

/** A list on both sides (a role's permissions, a folder's agents) reads as what was added and removed, not both lists. */
function listChanges(before: AuditSummary | null, after: AuditSummary | null) {
  const lists = Object.keys(after ?? {}).filter((key) => Array.isArray(before?.[key]) && Array.isArray(after?.[key]));
  const asList = (summary: AuditSummary | null, key: string) => (summary?.[key] as string[] | undefined) ?? [];
  return {
    lists: lists.map((key) => ({
      key,
      added: asList(after, key).filter((item) => !asList(before, key).includes(item)),
      removed: asList(before, key).filter((item) => !asList(after, key).includes(item)),
    })),
    rest: (summary: AuditSummary | null) => Object.entries(summary ?? {}).filter(([key]) => !lists.includes(key)),
  };
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
            cell: (entry) => <AuditTarget entry={entry} />,
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
  const words = useAuditWords();
  const { lists, rest } = listChanges(entry.before, entry.after);
  const before = words.summary(rest(entry.before));
  const after = words.summary(rest(entry.after));
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
      {lists.map(({ key, added, removed }) => (
        <Text key={key} size="xs" lineClamp={3}>
          {words.field(key)}:{" "}
          {[added.length ? `${t("audit.added")} ${words.values(key, added)}` : "", removed.length ? `${t("audit.removed")} ${words.values(key, removed)}` : ""]
            .filter(Boolean)
            .join("; ") || t("audit.unchanged")}
        </Text>
      ))}
    </>
  );
}

/** What was acted on: its kind, and a role by its words (its id is the role's code), anything else by its number. */
function AuditTarget({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation("security");
  const words = useAuditWords();
  const kind = t(`targets.${entry.target_type}`);
  if (!entry.target_id) return kind;
  return entry.target_type === "role" ? `${kind}: ${words.value("role", entry.target_id)}` : `${kind} #${entry.target_id}`;
}
