import { formatDate } from "@holboo/core";
import { Anchor, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../lib/api.ts";
import { issueKeys } from "./issues.keys.ts";
import { PriorityBadge, StatusBadge } from "./IssueBadges.tsx";

/** A contact's issues on their profile (the ones this user may see), newest first. */
export function ContactIssues({ contactId }: { contactId: number }) {
  const { t } = useTranslation("issues");
  const list = useQuery({
    queryKey: issueKeys.contact(contactId),
    queryFn: () => api.get("/api/issues", { query: { contact_id: contactId, page_size: 20 } }),
  });
  if (list.data && !list.data.items.length)
    return (
      <Text size="sm" c="dimmed">
        {t("contactIssues.none")}
      </Text>
    );
  return (
    <Table data-testid="contact-issues">
      <Table.Tbody>
        {list.data?.items.map((issue) => (
          <Table.Tr key={issue.id}>
            <Table.Td>
              <Anchor component={Link} to={`/issues/${issue.id}`} size="sm">
                #{issue.number} {issue.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={issue.status} />
            </Table.Td>
            <Table.Td>
              <PriorityBadge priority={issue.priority} />
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {formatDate(new Date(issue.registered_at))}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
