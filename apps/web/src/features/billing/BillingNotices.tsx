import type { BillingNotice, SuspensionReason } from "@holboo/core";
import { Alert, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePermission } from "../../lib/session.ts";
import { day, tugrik } from "./format.ts";

/** Why the company's access is closed and how to pay (loaded only when it is). */
export function AccessClosedScreen({ reason }: { reason: SuspensionReason }) {
  const { t } = useTranslation("billing");
  const canSeePlan = usePermission("plan.view");
  return (
    <Center py="xl">
      <Paper withBorder p="xl" maw={560} data-testid="access-closed">
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={3}>{t("gate.closedTitle")}</Title>
          <Text>{t(`gate.closed.${reason}`)}</Text>
          <Text c="dimmed" size="sm">
            {t("gate.howToPay")}
          </Text>
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

/** A billing reminder (pay today, 1 day left, last day) above the screen. */
export function NoticeBanner({ notice }: { notice: BillingNotice }) {
  const { t } = useTranslation("billing");
  const canSeePlan = usePermission("plan.view");
  const key = `gate.notice.${notice.kind}${notice.invoice_number ? "" : "Trial"}`;
  return (
    <Alert color={notice.kind === "days_left" ? "yellow" : "orange"} icon={<IconAlertTriangle size={18} />} mb="md" data-testid="billing-banner">
      {t(key, { date: day(notice.due_at), number: notice.invoice_number, amount: notice.amount === null ? "" : tugrik(notice.amount) })}{" "}
      {canSeePlan && (
        <Link to="/settings/my_plan" style={{ color: "inherit", fontWeight: 600 }}>
          {t("gate.openPlan")}
        </Link>
      )}
    </Alert>
  );
}
