import { formatDate, formatDateTime } from "@holboo/core";
import { Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconStarFilled } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { FullPageLoader } from "../../components/FullPageLoader.tsx";
import { useContactName } from "../../lib/contact-name.ts";
import { contactName } from "./contact-form.ts";
import { ContactFormDialog } from "./ContactFormDialog.tsx";
import { MergeDialog } from "./MergeDialog.tsx";
import { ContactIssues } from "../issues/ContactIssues.tsx";
import { CallHistory } from "../calls/CallHistory.tsx";
import { useContact, useContactInteractions, useRemoveContact } from "./contacts.queries.ts";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {children || "—"}
      </Text>
    </div>
  );
}

/** A contact's conversations, newest first: on the profile and beside a conversation. */
export function ContactInteractions({ contactId, compact = false }: { contactId: number; compact?: boolean }) {
  const { t } = useTranslation("contacts");
  const list = useContactInteractions(contactId);
  if (list.data && !list.data.items.length)
    return (
      <Text size="sm" c="dimmed">
        {t("detail.noInteractions")}
      </Text>
    );
  const rows = (list.data?.items ?? []).map((item) => ({
    id: item.id,
    title: (
      <Anchor component={Link} to={`/interacts?id=${item.id}${item.status === "closed" ? "&tab=2" : ""}`} size="sm" lineClamp={compact ? 1 : undefined}>
        {item.title}
      </Anchor>
    ),
    channel: item.channel && (
      <Badge variant="outline" color="gray" size={compact ? "xs" : undefined}>
        {item.channel.name}
      </Badge>
    ),
    status: (
      <Badge variant="light" color={item.status === "open" ? "green" : "gray"} size={compact ? "xs" : undefined}>
        {t(`detail.status.${item.status === "open" ? "open" : "closed"}`)}
      </Badge>
    ),
    started: (
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {formatDateTime(new Date(item.started_at))}
      </Text>
    ),
  }));
  // A narrow column (the inbox's side panel): one line for the title, one for the rest, never a word per line.
  if (compact)
    return (
      <Stack gap={6} data-testid="contact-interactions">
        {rows.map((row) => (
          <Stack key={row.id} gap={2}>
            {row.title}
            <Group gap={4} wrap="wrap">
              {row.channel}
              {row.status}
              {row.started}
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table data-testid="contact-interactions">
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.title}</Table.Td>
            <Table.Td>{row.channel}</Table.Td>
            <Table.Td>{row.status}</Table.Td>
            <Table.Td>{row.started}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /contacts/{id}: the profile, the channel accounts, every interaction and issue across channels; edit, merge, delete. */
export function ContactDetailPage() {
  const { t } = useTranslation("contacts");
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"edit" | "merge" | "delete" | null>(null);
  const nameOf = useContactName();
  const contact = useContact(id);
  const remove = useRemoveContact(id, { onSuccess: () => void navigate("/contacts") });
  if (contact.isError) return <EmptyState onRetry={() => void contact.refetch()} />;
  if (!contact.data) return <FullPageLoader />;
  const c = contact.data;
  // The page keeps its surname-first order for a named contact; a visitor without one is named as on every screen.
  const name = nameOf({ ...c, name: contactName(c) });
  return (
    <Stack>
      <Anchor component={Link} to="/contacts" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("detail.back")}
        </Group>
      </Anchor>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} data-testid="contact-name">
            {name}
          </Title>
          {c.special && <IconStarFilled size={18} color="var(--mantine-color-yellow-6)" aria-label={t("fields.special")} />}
          {c.type && <Badge variant="light">{c.type.name}</Badge>}
        </Group>
        <Group gap="xs">
          {c.can.merge && (
            <Button variant="default" onClick={() => setDialog("merge")} data-testid="merge-contact">
              {t("detail.merge")}
            </Button>
          )}
          {c.can.edit && (
            <Button onClick={() => setDialog("edit")} data-testid="edit-contact">
              {t("edit")}
            </Button>
          )}
          {c.can.delete && (
            <Button color="red" variant="light" onClick={() => setDialog("delete")} data-testid="delete-contact">
              {t("delete")}
            </Button>
          )}
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                {t("detail.profile")}
              </Title>
              <SimpleGrid cols={2}>
                <Field label={t("fields.phone")}>{c.phone}</Field>
                <Field label={t("fields.phone2")}>{c.phone2}</Field>
                <Field label={t("fields.email")}>{c.email}</Field>
                <Field label={t("fields.email2")}>{c.email2}</Field>
                <Field label={t("fields.company_name")}>{c.company_name}</Field>
                <Field label={t("fields.profession")}>{c.profession}</Field>
                <Field label={t("fields.created_by")}>{c.created_by === "user" ? c.created_by_user?.name : t(`origin.${c.created_by}`)}</Field>
                <Field label={t("fields.created_at")}>{formatDate(new Date(c.created_at))}</Field>
              </SimpleGrid>
              <Stack gap="xs" mt="sm">
                <Field label={t("fields.note")}>{c.note}</Field>
                <Field label={t("fields.description")}>{c.description}</Field>
              </Stack>
            </Paper>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                {t("detail.address")}
              </Title>
              <SimpleGrid cols={2}>
                <Field label={t("fields.city")}>{c.city}</Field>
                <Field label={t("fields.district")}>{c.district}</Field>
                <Field label={t("fields.subdistrict")}>{c.subdistrict}</Field>
                <Field label={t("fields.address_detail")}>{c.address_detail}</Field>
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                {t("detail.social")}
              </Title>
              {c.social_accounts.length ? (
                <Stack gap={4} data-testid="contact-social">
                  {c.social_accounts.map((account) => (
                    <Group key={account.id} gap="xs">
                      <Badge variant="light">{t(`channelTypes.${account.channel.type}`)}</Badge>
                      <Text size="sm">{account.channel.name}</Text>
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("detail.noSocial")}
                </Text>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                {t("detail.interactions")}
              </Title>
              <ContactInteractions contactId={c.id} />
            </Paper>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                {t("detail.issues")}
              </Title>
              <ContactIssues contactId={c.id} />
            </Paper>
            <Paper withBorder p="md">
              <CallHistory contactId={c.id} phone={c.phone} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog === "edit" && <ContactFormDialog contact={c} onClose={() => setDialog(null)} />}
      {dialog === "merge" && <MergeDialog contact={c} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === "delete"}
        title={t("detail.deleteTitle")}
        message={t("detail.deleteText", { name })}
        danger
        loading={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          remove.mutate();
        }}
      />
    </Stack>
  );
}
