import type { ContactView } from "@holboo/core";
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifications } from "@mantine/notifications";
import { notifyError } from "../../lib/api.ts";
import { useMergeCandidates, useMergeContact } from "./contacts.queries.ts";
import { useContactName } from "../../lib/contact-name.ts";
import { contactName } from "./contact-form.ts";

/** Picks another contact and merges it into this one (the server checks ids and Facebook accounts). */
export function MergeDialog({ contact, onClose }: { contact: ContactView; onClose: () => void }) {
  const { t } = useTranslation("contacts");
  const nameOf = useContactName();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<string | null>(null);
  const candidates = useMergeCandidates(debounced);
  const merge = useMergeContact(contact.id, {
    onSuccess: () => {
      notifications.show({ color: "green", message: t("merge.done") });
      onClose();
    },
    onError: notifyError,
  });
  const options = (candidates.data?.items ?? [])
    .filter((c) => c.id !== contact.id)
    .map((c) => ({ value: String(c.id), label: [...new Set([nameOf({ ...c, name: contactName(c) }), c.phone, c.email])].filter(Boolean).join(" · ") }));
  return (
    <Modal opened onClose={onClose} title={t("merge.title")} centered>
      <Stack>
        <Text size="sm">{t("merge.text", { name: nameOf({ ...contact, name: contactName(contact) }) })}</Text>
        <Select
          label={t("merge.pick")}
          placeholder={t("merge.pickPlaceholder")}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options}
          value={picked}
          onChange={setPicked}
          data-testid="merge-pick"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button disabled={!picked} loading={merge.isPending} onClick={() => picked && merge.mutate(Number(picked))} data-testid="merge-submit">
            {t("merge.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
