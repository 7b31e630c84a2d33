import type { BillingNotice, SuspensionReason } from "@holboo/core";
import { Alert, Box, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePermission } from "../../lib/session.ts";
import { usePaymentDetails } from "./billing.queries.ts";
import { day, tugrik } from "./format.ts";
import { PaymentDetails } from "./PaymentDetails.tsx";

/** Why the company's access is closed and how to pay: where to transfer, with the unpaid invoice's number (loaded only when closed). */
export function AccessClosedScreen({ reason, notice }: { reason: SuspensionReason; notice: BillingNotice | null }) {
  const { t } = useTranslation("billing");
  const canSeePlan = usePermission("plan.view");
  const details = usePaymentDetails();
  const invoice = notice?.about === "invoice" ? notice : null;
  return (
    <Center py="xl">
      <Paper withBorder p="xl" maw={600} w="100%" data-testid="access-closed">
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={3}>{t("gate.closedTitle")}</Title>
          <Text>{t(`gate.closed.${reason}`)}</Text>
          {invoice?.invoice_number && (
            <Text fw={600} data-testid="closed-invoice">
              {t("unpaid.title", { number: invoice.invoice_number })}. {t("unpaid.text", { amount: tugrik(invoice.amount ?? 0), due: day(invoice.due_at) })}
            </Text>
          )}
          <Text c="dimmed" size="sm">
            {t("gate.howToPay")}
          </Text>
          <Box w="100%" ta="start">
            {details.isPending ? <Loader size="sm" /> : <PaymentDetails payee={details.data?.payee ?? null} reference={invoice?.invoice_number ?? null} />}
          </Box>
          {canSeePlan ? (
            <Button component={Link} to="/settings/my_plan">
              {t("gate.openPlan")}
            </Button>
          ) : (
            <Text size="sm">{t("gate.askAdmin")}</Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A billing reminder (an invoice to pay; the trial's or a term's last days) above the screen. */
export function NoticeBanner({ notice }: { notice: BillingNotice }) {
  const { t } = useTranslation("billing");
  const canSeePlan = usePermission("plan.view");
  return (
    <Alert color={notice.kind === "days_left" ? "yellow" : "orange"} icon={<IconAlertTriangle size={18} />} mb="md" data-testid="billing-banner">
      {t(`gate.notice.${notice.about}.${notice.kind}`, {
        date: day(notice.due_at),
        number: notice.invoice_number,
        amount: notice.amount === null ? "" : tugrik(notice.amount),
      })}{" "}
      {canSeePlan && (
        <Link to="/settings/my_plan" style={{ color: "inherit", fontWeight: 600 }}>
          {t("gate.openPlan")}
        </Link>
      )}
    </Alert>
  );
}
