import { pageCount } from "@holboo/core";
import { Badge, Button, Loader, Stack, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { ADMIN_PAGE_SIZE, useAdminCompanies } from "./admin.queries.ts";
import { AdminCompanyBilling } from "./AdminCompanyBilling.tsx";

/** Every company on the platform: name, sector, owner, user count, created. */
export function AdminCompanies() {
  const { t } = useTranslation("admin");
  const { t: ts } = useTranslation("settings");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const { t: tb } = useTranslation("billing");
  const [managed, setManaged] = useState<{ id: number; name: string } | null>(null);
  const list = useAdminCompanies(debounced, page);
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <TextInput
        aria-label={t("search")}
        placeholder={t("search")}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        w={{ base: "100%", xs: 260 }}
      />
      {list.isPending ? (
        <Loader />
      ) : !items.length ? (
        <EmptyState onRetry={() => void list.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("companies.name")}</Table.Th>
                <Table.Th>{t("companies.sector")}</Table.Th>
                <Table.Th>{t("companies.owner")}</Table.Th>
                <Table.Th>{t("companies.users")}</Table.Th>
                <Table.Th>{t("companies.created")}</Table.Th>
                <Table.Th>{t("billing.plan")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((company) => (
                <Table.Tr key={company.id}>
                  <Table.Td>{company.name}</Table.Td>
                  <Table.Td>{company.sector ? ts(`sectors.${company.sector}`, { defaultValue: company.sector }) : "—"}</Table.Td>
                  <Table.Td>{company.owner_email ?? "—"}</Table.Td>
                  <Table.Td>{company.user_count}</Table.Td>
                  <Table.Td>
                    <RelativeTime value={company.created_at} />
                  </Table.Td>
                  <Table.Td>
                    {company.plan ? tb(`plans.${company.plan}`) : "—"}{" "}
                    {company.access_closed ? (
                      <Badge color="red" size="sm">
                        {tb(`closed.title`)}
                      </Badge>
                    ) : company.subscription_status ? (
                      <Badge size="sm" color="gray">
                        {tb(`status.${company.subscription_status}`)}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setManaged({ id: company.id, name: company.name })}
                      data-testid={`manage-company-${company.id}`}
                    >
                      {t("billing.manage")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, ADMIN_PAGE_SIZE)} onChange={setPage} />
      {managed && <AdminCompanyBilling companyId={managed.id} name={managed.name} onClose={() => setManaged(null)} />}
    </Stack>
  );
}
