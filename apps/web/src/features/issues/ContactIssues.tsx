import { formatDate } from "@holboo/core";
import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useContactIssues } from "./issues.queries.ts";
import { PriorityBadge, StatusBadge } from "./IssueBadges.tsx";

/** A contact's issues on their profile (the ones this user may see), newest first; `compact` for a narrow column. */
export function ContactIssues({ contactId, compact = false }: { contactId: number; compact?: boolean }) {
  const { t } = useTranslation("issues");
  const list = useContactIssues(contactId);
  if (list.data && !list.data.items.length)
    return (
      <Text size="sm" c="dimmed">
        {t("contactIssues.none")}
      </Text>
    );
  const rows = (list.data?.items ?? []).map((issue) => ({
    id: issue.id,
    name: (
      <Anchor component={Link} to={`/issues/${issue.id}`} size="sm" lineClamp={compact ? 1 : undefined}>
        #{issue.number} {issue.name}
      </Anchor>
    ),
    status: <StatusBadge status={issue.status} />,
    priority: <PriorityBadge priority={issue.priority} />,
    registered: (
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {formatDate(new Date(issue.registered_at))}
      </Text>
    ),
  }));
  if (compact)
    return (
      <Stack gap={6} data-testid="contact-issues">
        {rows.map((row) => (
          <Stack key={row.id} gap={2}>
            {row.name}
            <Group gap={4} wrap="wrap">
              {row.status}
              {row.priority}
              {row.registered}
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table data-testid="contact-issues">
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.status}</Table.Td>
            <Table.Td>{row.priority}</Table.Td>
            <Table.Td>{row.registered}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
