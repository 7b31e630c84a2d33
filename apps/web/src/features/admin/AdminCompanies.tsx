import { Stack, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordList } from "../../components/record-list/RecordList.tsx";
import { useListParams } from "../../components/record-list/useListParams.ts";
import { ADMIN_PAGE_SIZE, useAdminCompanies } from "./admin.queries.ts";
import { AdminCompaniesTable } from "./AdminCompaniesTable.tsx";
import { AdminCompanyBilling } from "./AdminCompanyBilling.tsx";

const NO_FILTERS = [] as const;

/** Every company on the platform: name, sector, owner, user count, created; search and page in the address. */
export function AdminCompanies() {
  const { t } = useTranslation("admin");
  const list = useListParams(NO_FILTERS);
  const [managed, setManaged] = useState<{ id: number; name: string } | null>(null);
  const companies = useAdminCompanies(list.search.settled, list.page);
  return (
    <Stack>
      <TextInput
        aria-label={t("search")}
        placeholder={t("search")}
        leftSection={<IconSearch size={14} />}
        value={list.search.text}
        onChange={(event) => list.search.setText(event.currentTarget.value)}
        w={{ base: "100%", xs: 260 }}
      />
      <RecordList query={companies} pageSize={ADMIN_PAGE_SIZE} page={list.page} onPageChange={list.setPage} empty={{ text: t("companies.empty") }}>
        {(items) => <AdminCompaniesTable items={items} onManage={setManaged} />}
      </RecordList>
      {managed && <AdminCompanyBilling companyId={managed.id} name={managed.name} onClose={() => setManaged(null)} />}
    </Stack>
  );
}
