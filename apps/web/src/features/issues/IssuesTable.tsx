import type { IssueView } from "@holboo/core";
import { Badge, Group, Table, Text } from "@mantine/core";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useContactName } from "../../lib/contact-name.ts";
import { PriorityBadge, StatusBadge } from "./IssueBadges.tsx";
import { contactLabel } from "./issues.queries.ts";

const COLUMNS = ["number", "name", "contact", "status", "priority", "assignee", "registeredAt", "dueAt"] as const;

/** One page of issues; a row opens its issue. */
export function IssuesTable({ items }: { items: readonly IssueView[] }) {
  const { t } = useTranslation("issues");
  const nameOf = useContactName();
  const navigate = useNavigate();
  return (
    <Table highlightOnHover data-testid="issues-table">
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((key) => (
            <Table.Th key={key}>{t(`fields.${key}`)}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((issue) => (
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
  );
}
