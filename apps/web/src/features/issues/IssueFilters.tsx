import { ISSUE_PRIORITIES, ISSUE_STATUSES } from "@holboo/core";
import { Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DateRangePicker } from "../../components/shared/DateRangePicker.tsx";
import { options, useIssueSettings, usePeople } from "./issues.queries.ts";
import type { IssueFilter, useIssueListParams } from "./useIssueListParams.ts";

/** The issues list's search box, filters and date range; they write to the address through `list`. */
export function IssueFilters({ list }: { list: ReturnType<typeof useIssueListParams> }) {
  const { t } = useTranslation("issues");
  const [types, tags, people] = [useIssueSettings("type"), useIssueSettings("tag"), usePeople()];
  const filter = (key: IssueFilter, label: string, data: Array<{ value: string; label: string }>) => (
    <Select
      placeholder={label}
      aria-label={label}
      data={data}
      value={list.filters[key] ?? null}
      clearable
      w={160}
      onChange={(value) => list.setFilter(key, value)}
    />
  );
  return (
    <Group gap="xs">
      <TextInput
        placeholder={t("search")}
        aria-label={t("search")}
        leftSection={<IconSearch size={16} />}
        value={list.search.text}
        onChange={(e) => list.search.setText(e.currentTarget.value)}
        w={240}
      />
      {filter(
        "status",
        t("fields.status"),
        ISSUE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      )}
      {filter(
        "priority",
        t("fields.priority"),
        ISSUE_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) })),
      )}
      {filter("type_id", t("fields.type"), options(types.data))}
      {filter("tag_id", t("fields.tags"), options(tags.data))}
      {filter("assignee_id", t("fields.assignee"), options(people.data))}
      <DateRangePicker value={list.range} onChange={list.setRange} />
    </Group>
  );
}
