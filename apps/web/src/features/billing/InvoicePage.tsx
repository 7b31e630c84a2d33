import type { InvoiceView } from "@holboo/core";
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { errorText } from "../../lib/api.ts";
import { invoicePdfUrl, useInvoice, usePaymentDetails } from "./billing.queries.ts";
import { day, tugrik } from "./format.ts";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge.tsx";
import { PaymentDetails } from "./PaymentDetails.tsx";

const STATUS_TONE = { created: "orange", paid: "blue", activated: "green", cancelled: "gray" } as const;

function Dates({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation("billing");
  const rows: Array<[string, string | null]> = [
    [t("invoice.created"), invoice.created_at],
    [t("invoice.due"), invoice.due_at],
    [t("invoice.paid"), invoice.paid_at],
    [t("invoice.activated"), invoice.activated_at],
    [t("invoice.ended"), invoice.ended_at],
  ];
  if (invoice.cancelled_at) rows.push([t("invoice.cancelled"), invoice.cancelled_at]);
  return (
    <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} c="dimmed" bg="transparent">
              {label}
            </Table.Th>
            <Table.Td>{day(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Settings → My plan archive → one invoice: its status and what it means, its dates and lines, where to pay it, its PDF. */
export function InvoicePage() {
  const { t } = useTranslation("billing");
  const id = Number(useParams().id);
  const query = useInvoice(Number.isInteger(id) ? id : 0);
  const details = usePaymentDetails();
  const back = (
    <Button component={Link} to="/settings/my_plan_archive" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
      {t("invoice.back")}
    </Button>
  );
  if (query.isPending) return <Loader />;
  if (query.isError)
    return (
      <Stack>
        {back}
        <Alert color="red">{errorText(query.error)}</Alert>
      </Stack>
    );
  const invoice = query.data;
  return (
    <Stack data-testid="invoice-page">
      <Group justify="space-between">{back}</Group>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={3}>{t("invoice.title", { number: invoice.number })}</Title>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <Button component="a" href={invoicePdfUrl(invoice.id)} download variant="light" leftSection={<IconDownload size={16} />}>
          {t("invoice.pdf")}
        </Button>
      </Group>
      <Alert color={STATUS_TONE[invoice.status]} data-testid="invoice-status-help">
        {t(`invoiceStatusHelp.${invoice.status}`, { due: day(invoice.due_at), start: day(invoice.period_start) })}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text>
              {t("invoice.plan")}: <b>{t(`plans.${invoice.plan}`)}</b> · {t("invoice.term")}: <b>{t(`terms.${invoice.term}`)}</b>
            </Text>
            <Text>
              {t("invoice.period")}: {day(invoice.period_start)} — {day(invoice.period_end)}
            </Text>
            <Text>
              {t("invoice.autoExtend")}: {invoice.auto_extend ? t("yes") : t("no")}
            </Text>
            <Text size="lg">
              {t("invoice.amount")}: <b data-testid="invoice-amount">{tugrik(invoice.amount)}</b>
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Dates invoice={invoice} />
        </Paper>
      </SimpleGrid>
      {invoice.agents.length > 0 && (
        <Paper withBorder p="md">
          <Stack gap={4}>
            <Title order={5}>{t("invoice.agents")}</Title>
            {invoice.agents.map((line) => (
              <Text size="sm" key={`${line.name}-${line.bought_at}`}>
                <b>
                  {line.kind === "main" ? t("invoice.main") : t("invoice.additional")}: {line.name}.
                </b>{" "}
                {t("invoice.agentLine", { date: day(line.bought_at), days: line.days_worked, amount: tugrik(line.amount) })}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
      {details.isPending ? (
        <Loader size="sm" />
      ) : details.isError ? (
        <EmptyState onRetry={() => void details.refetch()} />
      ) : (
        <PaymentDetails payee={details.data.payee} reference={invoice.number} />
      )}
    </Stack>
  );
}
