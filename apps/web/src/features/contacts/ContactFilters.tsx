import { CHANNEL_TYPES, CONTACT_ORIGIN_FILTERS } from "@holboo/core";
import { Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DateRangePicker } from "../../components/shared/DateRangePicker.tsx";
import { contactTypesQuery } from "./contacts.queries.ts";
import type { ContactFilter, useContactListParams } from "./useContactListParams.ts";

/** The contacts list's search box, filters and date range; they write to the address through `list`. */
export function ContactFilters({ list }: { list: ReturnType<typeof useContactListParams> }) {
  const { t } = useTranslation("contacts");
  const types = useQuery(contactTypesQuery);
  const select = (name: ContactFilter, label: string, width: number, data: Array<{ value: string; label: string }>) => (
    <Select
      w={width}
      placeholder={label}
      clearable
      data={data}
      value={list.filters[name] ?? null}
      onChange={(value) => list.setFilter(name, value)}
      aria-label={label}
    />
  );
  return (
    <Group gap="xs">
      <TextInput
        leftSection={<IconSearch size={14} />}
        placeholder={t("search")}
        value={list.search.text}
        onChange={(e) => list.search.setText(e.currentTarget.value)}
        w={280}
        aria-label={t("search")}
      />
      {select(
        "type_id",
        t("filters.type"),
        150,
        (types.data?.items ?? []).map((type) => ({ value: String(type.id), label: type.name })),
      )}
      {select("special", t("filters.special"), 130, [
        { value: "true", label: t("filters.specialYes") },
        { value: "false", label: t("filters.specialNo") },
      ])}
      {select(
        "created_by",
        t("filters.createdBy"),
        150,
        CONTACT_ORIGIN_FILTERS.map((o) => ({ value: o, label: t(`origin.${o}`) })),
      )}
      {select(
        "channel_type",
        t("filters.channel"),
        130,
        CHANNEL_TYPES.map((c) => ({ value: c, label: t(`channelTypes.${c}`) })),
      )}
      <DateRangePicker value={list.range} onChange={list.setRange} />
    </Group>
  );
}
