import type { AdminCompanyView } from "@holboo/core";
import { Badge, Button, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";

/** One page of the platform's companies; Manage opens a company's billing. */
export function AdminCompaniesTable({ items, onManage }: { items: readonly AdminCompanyView[]; onManage: (company: { id: number; name: string }) => void }) {
  const { t } = useTranslation("admin");
  const { t: ts } = useTranslation("settings");
  const { t: tb } = useTranslation("billing");
  return (
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
                <Button size="xs" variant="light" onClick={() => onManage({ id: company.id, name: company.name })} data-testid={`manage-company-${company.id}`}>
                  {t("billing.manage")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
