import { ISSUE_PRIORITIES, ISSUE_STATUSES, pageCount } from "@holboo/core";
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DateRangePicker, type DateRangeValue } from "../../components/shared/DateRangePicker.tsx";
import { ListEmpty } from "../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { api } from "../../lib/api.ts";
import { usePermission } from "../../lib/session.ts";
import { IssueFormModal } from "./IssueFormModal.tsx";
import { PriorityBadge, StatusBadge } from "./IssueBadges.tsx";
import { issueKeys } from "./issues.keys.ts";
import { contactLabel, options, useIssueSettings, usePeople } from "./issues.queries.ts";
import { useContactName } from "../../lib/contact-name.ts";

const PAGE_SIZE = 20;

/** /issues: the issues this user may see, filtered, searched and paginated. */
export function IssuesPage() {
  const { t } = useTranslation("issues");
  const nameOf = useContactName();
  const navigate = useNavigate();
  const canEdit = usePermission("issue.edit");
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Record<"status" | "priority" | "type_id" | "tag_id" | "assignee_id", string | null>>({
    status: null,
    priority: null,
    type_id: null,
    tag_id: null,
    assignee_id: null,
  });
  const [range, setRange] = useState<DateRangeValue>({ start: null, end: null, preset: "custom" });
  const [searchText, setSearchText] = useState("");
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [types, tags, people] = [useIssueSettings("type"), useIssueSettings("tag"), usePeople()];
  const query = {
    page,
    page_size: PAGE_SIZE,
    search: search || undefined,
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null)),
    from: range.start?.toISOString(),
    to: range.end ? dayjs(range.end).endOf("day").toISOString() : undefined,
  };
  const list = useQuery({
    queryKey: issueKeys.list(query),
    queryFn: () => api.get("/api/issues", { query }),
    placeholderData: keepPreviousData,
  });
  const filter = (key: keyof typeof filters, label: string, data: Array<{ value: string; label: string }>) => (
    <Select
      placeholder={label}
      aria-label={label}
      data={data}
      value={filters[key]}
      clearable
      w={160}
      onChange={(value) => {
        setFilters((f) => ({ ...f, [key]: value }));
        setPage(1);
      }}
    />
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("title")}</Title>
        {canEdit && <Button onClick={() => setCreating(true)}>{t("add")}</Button>}
      </Group>
      <Group gap="xs">
        <TextInput
          placeholder={t("search")}
          aria-label={t("search")}
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setPage(1);
          }}
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
        <DateRangePicker
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </Group>
      <Paper withBorder p="md">
        {list.isError || (list.data && !list.data.items.length) ? (
          <ListEmpty
            failed={list.isError}
            onRetry={() => void list.refetch()}
            text={t("emptyHelp.issues")}
            action={canEdit && { label: t("add"), onClick: () => setCreating(true) }}
          />
        ) : (
          <Table highlightOnHover data-testid="issues-table">
            <Table.Thead>
              <Table.Tr>
                {(["number", "name", "contact", "status", "priority", "assignee", "registeredAt", "dueAt"] as const).map((key) => (
                  <Table.Th key={key}>{t(`fields.${key}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.items.map((issue) => (
                <Table.Tr key={issue.id} onClick={() => void navigate(`/issues/${issue.id}`)} style={{ cursor: "pointer" }} data-testid="issue-row">
                  <Table.Td>
                    <Text c="dimmed">#{issue.number}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Text fw={500}>{issue.name}</Text>
                      {issue.tags.map((tag) => (
                        <Badge key={tag.id} size="xs" color={tag.color} variant="light">
                          {tag.name}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{contactLabel(issue.contact, nameOf).name}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={issue.status} />
                  </Table.Td>
                  <Table.Td>
                    <PriorityBadge priority={issue.priority} />
                  </Table.Td>
                  <Table.Td>{issue.assignee?.name ?? "—"}</Table.Td>
                  <Table.Td>{dayjs(issue.registered_at).format("YYYY-MM-DD")}</Table.Td>
                  <Table.Td>{issue.due_at ? dayjs(issue.due_at).format("YYYY-MM-DD") : "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, PAGE_SIZE)} onChange={setPage} />
      {creating && <IssueFormModal onClose={() => setCreating(false)} onSaved={(issue) => void navigate(`/issues/${issue.id}`)} />}
    </Stack>
  );
}
