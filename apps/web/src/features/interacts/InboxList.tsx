import { MOODS, pageCount } from "@holboo/core";
import { Badge, Group, Paper, Select, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangePicker, type DateRangeValue } from "../../components/shared/DateRangePicker.tsx";
import { ChannelIcon } from "../../components/shared/ChannelIcon.tsx";
import { ListEmpty } from "../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { useLiveReady } from "../../lib/staff-socket.ts";
import { useContactName } from "../../lib/contact-name.ts";
import { useCompanyChannels } from "../settings/channels/channels.queries.ts";
import { inboxUserQueries, useInboxList, useInteractionTags } from "./inbox.queries.ts";
import { fill } from "./inbox-layout.ts";

const PAGE_SIZE = 20;

interface Props {
  status: "open" | "closed";
  selected: number | null;
  onSelect: (id: number) => void;
}

/** Open or closed interactions with the spec's filters; the server applies the viewer's visibility. */
export function InboxList({ status, selected, onSelect }: Props) {
  const { t } = useTranslation("inbox");
  const contactName = useContactName();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Record<string, string | null>>({});
  const [range, setRange] = useState<DateRangeValue>({ start: null, end: null, preset: "custom" });
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const query = {
    status,
    page,
    page_size: PAGE_SIZE,
    search: debounced,
    ...filters,
    from: range.start?.toISOString(),
    to: range.end ? new Date(range.end.getTime() + 86_399_999).toISOString() : undefined,
  };
  // Pushes keep the list fresh from the socket's connection on: fetched before it, it would be fetched again after.
  const liveReady = useLiveReady();
  const list = useInboxList(query, liveReady);
  const channels = useCompanyChannels();
  const tags = useInteractionTags();
  const users = useQuery(inboxUserQueries.assigneeFilter());
  const set = (name: string) => (value: string | null) => {
    setPage(1);
    setFilters((current) => ({ ...current, [name]: value }));
  };
  return (
    <Stack gap="xs" style={fill}>
      <TextInput
        leftSection={<IconSearch size={14} />}
        placeholder={t("search")}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Group gap={6} style={{ flex: "none" }}>
        <Select
          size="xs"
          w={130}
          placeholder={t("filters.channel")}
          clearable
          data={(channels.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.channel_id ?? null}
          onChange={set("channel_id")}
        />
        <Select
          size="xs"
          w={130}
          placeholder={t("filters.assignee")}
          clearable
          data={(users.data?.items ?? []).map((u) => ({ value: String(u.ID), label: u.user_name }))}
          value={filters.assignee_id ?? null}
          onChange={set("assignee_id")}
        />
        <Select
          size="xs"
          w={120}
          placeholder={t("filters.tag")}
          clearable
          data={(tags.data?.items ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
          value={filters.tag_id ?? null}
          onChange={set("tag_id")}
        />
        {status === "closed" && (
          <>
            <Select
              size="xs"
              w={120}
              placeholder={t("filters.mood")}
              clearable
              data={MOODS.map((m) => ({ value: m, label: t(`moods.${m}`) }))}
              value={filters.mood ?? null}
              onChange={set("mood")}
            />
            <Select
              size="xs"
              w={130}
              placeholder={t("details.closerRatingFilter")}
              aria-label={t("details.closerRatingFilter")}
              clearable
              data={["1", "2", "3", "4", "5"].map((r) => ({ value: r, label: "★".repeat(Number(r)) }))}
              value={filters.rating ?? null}
              onChange={set("rating")}
            />
            <Select
              size="xs"
              w={130}
              placeholder={t("details.customerRatingFilter")}
              aria-label={t("details.customerRatingFilter")}
              clearable
              data={["1", "2", "3", "4", "5"].map((r) => ({ value: r, label: "★".repeat(Number(r)) }))}
              value={filters.customer_rating ?? null}
              onChange={set("customer_rating")}
              data-testid="filter-customer-rating"
            />
          </>
        )}
        <DateRangePicker
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </Group>
      {list.isError || (list.data && !list.data.items.length) ? (
        <ListEmpty failed={list.isError} onRetry={() => void list.refetch()} text={t("emptyHelp.inbox")} />
      ) : (
        <Stack gap={4} data-testid="inbox-list" style={{ ...fill, overflowY: "auto" }}>
          {list.data?.items.map((item) => (
            <UnstyledButton key={item.id} onClick={() => onSelect(item.id)} data-testid={`inbox-item-${item.id}`}>
              <Paper withBorder p="xs" bg={item.id === selected ? "indigo.0" : undefined}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} lineClamp={1}>
                      {contactName(item.contact)}
                    </Text>
                    {item.unread_count > 0 && (
                      <Badge size="sm" circle color="red" aria-label={t("unread", { count: item.unread_count })} data-testid={`unread-${item.id}`}>
                        {item.unread_count}
                      </Badge>
                    )}
                  </Group>
                  {item.last_message_at && (
                    <Text size="xs" c="dimmed">
                      <RelativeTime value={item.last_message_at} />
                    </Text>
                  )}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {item.last_message_preview ?? item.title}
                </Text>
                <Group gap={4} mt={4}>
                  <Badge size="xs" variant="light" color={item.owner_type === "queue" ? "orange" : item.owner_type === "ai" ? "grape" : "indigo"}>
                    {item.owner_type === "user" ? item.assignee?.name : t(`owner.${item.owner_type}`)}
                  </Badge>
                  {item.channel && (
                    <Badge size="xs" variant="outline" color="gray" leftSection={<ChannelIcon type={item.channel.type} />}>
                      {item.channel.name}
                    </Badge>
                  )}
                  {item.tags.map((tag) => (
                    <Badge key={tag.id} size="xs" variant="dot" color={tag.important ? "red" : "gray"}>
                      {tag.name}
                    </Badge>
                  ))}
                </Group>
              </Paper>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, PAGE_SIZE)} onChange={setPage} />
    </Stack>
  );
}
