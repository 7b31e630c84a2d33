import { AUDIT_ACTIONS, fullName, type AuditAction } from "@holboo/core";
import { Group, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DateRangePicker } from "../../../components/shared/DateRangePicker.tsx";
import { useAuditPeople, type AuditFilters } from "./audit.queries.ts";

const isAction = (value: string | null): value is AuditAction => (AUDIT_ACTIONS as readonly (string | null)[]).includes(value);

/** Who acted, what they did, and when. */
export function AuditFiltersBar({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const { t } = useTranslation("security");
  const people = useAuditPeople();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        aria-label={t("audit.actor")}
        placeholder={t("audit.actor")}
        data={(people.data?.items ?? []).map((user) => ({ value: String(user.ID), label: fullName(user.first_name, user.last_name) || (user.email ?? "") }))}
        value={filters.actor === null ? null : String(filters.actor)}
        onChange={(value) => onChange({ ...filters, actor: value ? Number(value) : null })}
        searchable
        clearable
        w={{ base: "100%", xs: 220 }}
        data-testid="audit-actor"
      />
      <Select
        aria-label={t("audit.action")}
        placeholder={t("audit.action")}
        data={AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))}
        value={filters.action}
        onChange={(value) => onChange({ ...filters, action: isAction(value) ? value : null })}
        searchable
        clearable
        w={{ base: "100%", xs: 260 }}
        data-testid="audit-action"
      />
      <DateRangePicker value={filters.range} onChange={(range) => onChange({ ...filters, range })} label={t("audit.when")} />
    </Group>
  );
}
