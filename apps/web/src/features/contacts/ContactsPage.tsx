import { CHANNEL_TYPES, CONTACT_ORIGIN_FILTERS, formatDate, pageCount } from "@holboo/core";
import { Badge, Button, Group, Menu, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconDownload, IconSearch, IconStarFilled, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { DateRangePicker, presetValue, type DateRangeValue } from "../../components/shared/DateRangePicker.tsx";
import { DAY_FORMAT, isPreset } from "../../components/shared/date-range.ts";
import { ListEmpty } from "../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { api } from "../../lib/api.ts";
import { useContactName } from "../../lib/contact-name.ts";
import { usePermission } from "../../lib/session.ts";
import { ContactFormDialog } from "./ContactFormDialog.tsx";
import { contactTypesQuery } from "./ContactTypesPage.tsx";
import { ImportDialog } from "./ImportDialog.tsx";
import { contactName } from "./contact-form.ts";
import { contactKeys } from "./contacts.keys.ts";

const PAGE_SIZE = 20;
const DAY_MS = 86_399_999;
/** The list's filters kept in the address with its page and search, so Back from a contact returns to the same rows. */
const FILTERS = ["type_id", "special", "created_by", "channel_type"] as const;

/** /contacts: search and filters, paginated; the server applies who may see which contact (spec §6). */
export function ContactsPage() {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const canEdit = usePermission("contact.edit");
  const canTransfer = usePermission("contact.export_import");
  const nameOf = useContactName();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const filters: Record<string, string> = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name) as string]] : [])));
  /** Changes the address's query (a null removes a part); a new filter or search starts again at page 1. */
  const setInAddress = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const setPage = (next: number) => setInAddress({ page: next > 1 ? String(next) : null });
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if ((params.get("q") ?? "") !== debounced) setInAddress({ q: debounced || null, page: null });
    // Only a settled search changes the address (setInAddress and params are new each render; the address is read above).
  }, [debounced]);
  // The date range too: a preset by its name (its days follow today), picked days as YYYY-MM-DD.
  const [preset, fromDay, toDay] = [params.get("range"), params.get("from"), params.get("to")];
  const range = useMemo<DateRangeValue>(
    () =>
      isPreset(preset) && preset !== "custom"
        ? presetValue(preset)
        : { preset: "custom", start: fromDay ? dayjs(fromDay).toDate() : null, end: toDay ? dayjs(toDay).toDate() : null },
    [preset, fromDay, toDay],
  );
  const setRange = (next: DateRangeValue) =>
    setInAddress(
      next.preset !== "custom"
        ? { range: next.preset, from: null, to: null, page: null }
        : {
            range: null,
            from: next.start ? dayjs(next.start).format(DAY_FORMAT) : null,
            to: next.end ? dayjs(next.end).format(DAY_FORMAT) : null,
            page: null,
          },
    );
  const [dialog, setDialog] = useState<"add" | "import" | null>(null);
  const types = useQuery(contactTypesQuery);
  const filterQuery = {
    search: debounced,
    ...filters,
    from: range.start?.toISOString(),
    to: range.end ? new Date(range.end.getTime() + DAY_MS).toISOString() : undefined,
  };
  const query = { ...filterQuery, page, page_size: PAGE_SIZE };
  const list = useQuery({ queryKey: contactKeys.list(query), queryFn: () => api.get("/api/contacts", { query }) });
  const set = (name: (typeof FILTERS)[number]) => (value: string | null) => setInAddress({ [name]: value, page: null });
  const exportUrl = (format: "csv" | "xlsx") => {
    const params = new URLSearchParams({ format });
    for (const [key, value] of Object.entries(filterQuery)) if (value) params.set(key, value);
    return `/api/contacts/export?${params.toString()}`;
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("title")}</Title>
        <Group gap="xs">
          {canTransfer && (
            <>
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog("import")} data-testid="import-contacts">
                {t("import.button")}
              </Button>
              <Menu>
                <Menu.Target>
                  <Button variant="default" leftSection={<IconDownload size={16} />} data-testid="export-contacts">
                    {t("export.button")}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component="a" href={exportUrl("csv")} download>
                    {t("export.csv")}
                  </Menu.Item>
                  <Menu.Item component="a" href={exportUrl("xlsx")} download>
                    {t("export.xlsx")}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
          {canEdit && (
            <Button onClick={() => setDialog("add")} data-testid="add-contact">
              {t("add")}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Stack>
          <Group gap="xs">
            <TextInput
              leftSection={<IconSearch size={14} />}
              placeholder={t("search")}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={280}
              aria-label={t("search")}
            />
            <Select
              w={150}
              placeholder={t("filters.type")}
              clearable
              data={(types.data?.items ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
              value={filters.type_id ?? null}
              onChange={set("type_id")}
              aria-label={t("filters.type")}
            />
            <Select
              w={130}
              placeholder={t("filters.special")}
              clearable
              data={[
                { value: "true", label: t("filters.specialYes") },
                { value: "false", label: t("filters.specialNo") },
              ]}
              value={filters.special ?? null}
              onChange={set("special")}
              aria-label={t("filters.special")}
            />
            <Select
              w={150}
              placeholder={t("filters.createdBy")}
              clearable
              data={CONTACT_ORIGIN_FILTERS.map((o) => ({ value: o, label: t(`origin.${o}`) }))}
              value={filters.created_by ?? null}
              onChange={set("created_by")}
              aria-label={t("filters.createdBy")}
            />
            <Select
              w={130}
              placeholder={t("filters.channel")}
              clearable
              data={CHANNEL_TYPES.map((c) => ({ value: c, label: t(`channelTypes.${c}`) }))}
              value={filters.channel_type ?? null}
              onChange={set("channel_type")}
              aria-label={t("filters.channel")}
            />
            <DateRangePicker value={range} onChange={setRange} />
          </Group>
          {list.isError || (list.data && !list.data.items.length) ? (
            <ListEmpty failed={list.isError} onRetry={() => void list.refetch()} text={t("emptyHelp.contacts")} />
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table highlightOnHover data-testid="contacts-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("fields.name")}</Table.Th>
                    <Table.Th>{t("fields.phone")}</Table.Th>
                    <Table.Th>{t("fields.email")}</Table.Th>
                    <Table.Th>{t("fields.type")}</Table.Th>
                    <Table.Th>{t("fields.created_by")}</Table.Th>
                    <Table.Th>{t("fields.created_at")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data?.items.map((contact) => (
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
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t("total", { count: list.data?.total ?? 0 })}
            </Text>
            <Pagination page={page} total={pageCount(list.data?.total ?? 0, PAGE_SIZE)} onChange={setPage} />
          </Group>
        </Stack>
      </Paper>
      {dialog === "add" && <ContactFormDialog contact={null} onClose={() => setDialog(null)} onSaved={(saved) => void navigate(`/contacts/${saved.id}`)} />}
      {dialog === "import" && <ImportDialog onClose={() => setDialog(null)} />}
    </Stack>
  );
}
