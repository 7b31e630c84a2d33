import { Anchor, Button, Group, Loader, Stack, Table, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { invoicePdfUrl, useInvoices } from "./billing.queries.ts";
import { day, tugrik } from "./format.ts";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge.tsx";

/** Settings → My plan archive: every invoice with its status, each opening its own page, and its PDF made on the server. */
export function MyPlanArchivePage() {
  const { t } = useTranslation("billing");
  const list = useInvoices();
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>{t("archive.title")}</Title>
        <Button component={Link} to="/settings/my_plan" variant="subtle">
          {t("title")}
        </Button>
      </Group>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <EmptyState onRetry={() => void list.refetch()} />
      ) : !items.length ? (
        <EmptyState title={t("archive.empty")} />
      ) : (
        <Table.ScrollContainer minWidth={1040}>
          <Table verticalSpacing="xs" data-testid="invoice-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("archive.number")}</Table.Th>
                <Table.Th>{t("archive.status")}</Table.Th>
                <Table.Th>{t("archive.plan")}</Table.Th>
                <Table.Th>{t("archive.period")}</Table.Th>
                <Table.Th>{t("archive.amount")}</Table.Th>
                <Table.Th>{t("archive.created")}</Table.Th>
                <Table.Th>{t("archive.due")}</Table.Th>
                <Table.Th>{t("archive.paid")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Anchor component={Link} to={`/settings/my_plan_archive/${invoice.id}`} aria-label={t("archive.open", { number: invoice.number })}>
                      {invoice.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <InvoiceStatusBadge status={invoice.status} />
                  </Table.Td>
                  <Table.Td>
                    {t(`plans.${invoice.plan}`)} · {t(`terms.${invoice.term}`)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {day(invoice.period_start)} — {day(invoice.period_end)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{tugrik(invoice.amount)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{day(invoice.created_at)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{day(invoice.due_at)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{day(invoice.paid_at)}</Table.Td>
                  <Table.Td>
                    <Anchor href={invoicePdfUrl(invoice.id)} download aria-label={t("archive.pdf")}>
                      <Group gap={4}>
                        <IconDownload size={16} /> PDF
                      </Group>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
