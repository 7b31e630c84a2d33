import { formatDate, type ContactListItem } from "@holboo/core";
import { Badge, Group, Table, Text } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useContactName } from "../../lib/contact-name.ts";
import { contactName } from "./contact-form.ts";

const COLUMNS = ["name", "phone", "email", "type", "created_by", "created_at"] as const;

/** One page of contacts; a row opens its contact. */
export function ContactsTable({ items }: { items: readonly ContactListItem[] }) {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const nameOf = useContactName();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover data-testid="contacts-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{t(`fields.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((contact) => (
            <Table.Tr key={contact.id} style={{ cursor: "pointer" }} onClick={() => void navigate(`/contacts/${contact.id}`)}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text component={Link} to={`/contacts/${contact.id}`} fw={600} size="sm" onClick={(e) => e.stopPropagation()}>
                    {contactName(contact) || nameOf(contact)}
                  </Text>
                  {contact.special && <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label={t("fields.special")} />}
                </Group>
                {contact.company_name && (
                  <Text size="xs" c="dimmed">
                    {contact.company_name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{contact.phone}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{contact.email}</Text>
              </Table.Td>
              <Table.Td>{contact.type && <Badge variant="light">{contact.type.name}</Badge>}</Table.Td>
              <Table.Td>
                <Text size="sm">{contact.created_by === "user" ? contact.created_by_user?.name : t(`origin.${contact.created_by}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(new Date(contact.created_at))}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
