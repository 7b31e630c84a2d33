import { Group, Paper, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { RecordList } from "../../components/record-list/RecordList.tsx";
import { ContactFilters } from "./ContactFilters.tsx";
import { ContactFormDialog } from "./ContactFormDialog.tsx";
import { ContactsActions } from "./ContactsActions.tsx";
import { ContactsTable } from "./ContactsTable.tsx";
import { ImportDialog } from "./ImportDialog.tsx";
import { useContactList } from "./contacts.queries.ts";
import { useContactListParams } from "./useContactListParams.ts";

const PAGE_SIZE = 20;

/** /contacts: search and filters, paginated; the server applies who may see which contact (spec §6). */
export function ContactsPage() {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const list = useContactListParams();
  const [dialog, setDialog] = useState<"add" | "import" | null>(null);
  const contacts = useContactList({ ...list.filterQuery, page: list.page, page_size: PAGE_SIZE });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("title")}</Title>
        <ContactsActions filterQuery={list.filterQuery} onOpen={setDialog} />
      </Group>
      <Paper withBorder p="md">
        <Stack>
          <ContactFilters list={list} />
          <RecordList
            query={contacts}
            pageSize={PAGE_SIZE}
            page={list.page}
            onPageChange={list.setPage}
            empty={{ text: t("emptyHelp.contacts") }}
            totalLabel={(count) => t("total", { count })}
          >
            {(items) => <ContactsTable items={items} />}
          </RecordList>
        </Stack>
      </Paper>
      {dialog === "add" && <ContactFormDialog contact={null} onClose={() => setDialog(null)} onSaved={(saved) => void navigate(`/contacts/${saved.id}`)} />}
      {dialog === "import" && <ImportDialog onClose={() => setDialog(null)} />}
    </Stack>
  );
}
