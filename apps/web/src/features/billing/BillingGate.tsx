import { Alert, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { usePermission } from "../../lib/session.ts";
import { useBillingStatus } from "./billing.queries.ts";

const day = (iso: string) => iso.slice(0, 10);
const money = (amount: number | null) => (amount === null ? "" : `${amount.toLocaleString("en-US")} ₮`);

/**
 * Around every company screen: while the company's access is closed (an unpaid invoice, an ended trial or term, the
 * platform admin) a screen says why and how to pay, except on My plan and its archive; a billing reminder is a banner.
 */
export function BillingGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const canSeePlan = usePermission("plan.view");
  const status = useBillingStatus(true);
  const reason = status.data?.suspended_reason ?? null;
  const notice = status.data?.notice ?? null;
  const onPlanPages = pathname.startsWith("/settings/my_plan");
  if (reason && !onPlanPages)
    return (
      <Center py="xl">
        <Paper withBorder p="xl" maw={560} data-testid="access-closed">
          <Stack align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
              <IconLock size={30} />
            </ThemeIcon>
            <Title order={3}>{t("billing.closedTitle")}</Title>
            <Text>{t(`billing.closed.${reason}`)}</Text>
            <Text c="dimmed" size="sm">
              {t("billing.howToPay")}
            </Text>
            {canSeePlan ? (
              <Button component={Link} to="/settings/my_plan">
                {t("billing.openPlan")}
              </Button>
            ) : (
              <Text size="sm">{t("billing.askAdmin")}</Text>
            )}
          </Stack>
        </Paper>
      </Center>
    );
  return (
    <>
      {notice && !reason && (
        <Alert color={notice.kind === "days_left" ? "yellow" : "orange"} icon={<IconAlertTriangle size={18} />} mb="md" data-testid="billing-banner">
          {t(`billing.notice.${notice.kind}${notice.invoice_number ? "" : "Trial"}`, {
            date: day(notice.due_at),
            number: notice.invoice_number,
            amount: money(notice.amount),
          })}{" "}
          {canSeePlan && (
            <Link to="/settings/my_plan" style={{ color: "inherit", fontWeight: 600 }}>
              {t("billing.openPlan")}
            </Link>
          )}
        </Alert>
      )}
      {children}
    </>
  );
}
