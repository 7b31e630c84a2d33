import { PAID_PLAN_CODES, type PlanTerm, type SubscriptionView, type UsageView } from "@holboo/core";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { IconFileText } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { errorText } from "../../lib/api.ts";
import { usePermission } from "../../lib/session.ts";
import { useAutoExtend, useExtend, usePurchase, useSubscription } from "./billing.queries.ts";
import { day, tugrik } from "./format.ts";
import { PaymentDetails } from "./PaymentDetails.tsx";
import { QPayPayment } from "./QPayPayment.tsx";

function UsageBar({ label, usage }: { label: string; usage: UsageView }) {
  const { t } = useTranslation("billing");
  const percent = usage.limit ? Math.min(100, Math.round((usage.used / usage.limit) * 100)) : 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed">
          {usage.limit === null ? t("usage.unlimited", { used: usage.used }) : t("usage.of", { used: usage.used, limit: usage.limit })}
        </Text>
      </Group>
      <Progress value={usage.limit === null ? 0 : percent} color={percent >= 100 ? "red" : percent >= 80 ? "orange" : "blue"} aria-label={label} />
    </Stack>
  );
}

function Purchase({ view }: { view: SubscriptionView }) {
  const { t } = useTranslation("billing");
  const purchase = usePurchase();
  const [plan, setPlan] = useState<(typeof PAID_PLAN_CODES)[number]>("business");
  const [term, setTerm] = useState<PlanTerm>("month");
  const [autoExtend, setAutoExtend] = useState(true);
  const [agree, setAgree] = useState(false);
  const chosen = view.plans.find((p) => p.code === plan);
  const price = chosen ? (term === "day" ? chosen.price_day : term === "month" ? chosen.price_month : chosen.price_year) : 0;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t("purchase.title")}</Title>
        <Select
          label={t("purchase.plan")}
          data={PAID_PLAN_CODES.map((code) => ({ value: code, label: t(`plans.${code}`) }))}
          value={plan}
          onChange={(value) => value && setPlan(value as typeof plan)}
          allowDeselect={false}
          data-testid="purchase-plan"
        />
        <SegmentedControl
          value={term}
          onChange={(value) => setTerm(value as PlanTerm)}
          data={(["day", "month", "year"] as const).map((value) => ({ value, label: t(`terms.${value}`) }))}
        />
        <Text>
          {t("purchase.amount")}: <b data-testid="purchase-amount">{tugrik(price)}</b>
        </Text>
        <Switch label={t("autoExtend")} checked={autoExtend} onChange={(event) => setAutoExtend(event.currentTarget.checked)} />
        <Group gap="md" wrap="wrap">
          <Checkbox label={t("purchase.agree")} checked={agree} onChange={(event) => setAgree(event.currentTarget.checked)} data-testid="purchase-agree" />
          {/* A new tab, so the form keeps its choices while the terms are read. */}
          <Anchor href="/pub/terms" target="_blank" rel="noopener" size="sm" data-testid="purchase-terms">
            <Group gap={4} wrap="nowrap" component="span">
              <IconFileText size={16} aria-hidden />
              {t("purchase.readTerms")}
            </Group>
          </Anchor>
        </Group>
        {purchase.isError && <Alert color="red">{errorText(purchase.error)}</Alert>}
        <Group>
          <Button
            onClick={() => purchase.mutate({ plan, term, auto_extend: autoExtend, agree_terms: agree })}
            loading={purchase.isPending}
            data-testid="purchase-submit"
          >
            {t("purchase.submit")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Extend({ view }: { view: SubscriptionView }) {
  const { t } = useTranslation("billing");
  const extend = useExtend();
  const autoExtend = useAutoExtend();
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t("extend.title")}</Title>
        <Switch
          label={t("autoExtend")}
          checked={view.auto_extend}
          disabled={autoExtend.isPending}
          onChange={(event) => autoExtend.mutate(event.currentTarget.checked)}
          data-testid="auto-extend"
        />
        <Group>
          <Button variant="light" onClick={() => extend.mutate("month")} loading={extend.isPending && extend.variables === "month"}>
            {t("extend.month", { amount: tugrik(view.plan.price_month) })}
          </Button>
          <Button variant="light" onClick={() => extend.mutate("year")} loading={extend.isPending && extend.variables === "year"}>
            {t("extend.year", { amount: tugrik(view.plan.price_year) })}
          </Button>
        </Group>
        {(extend.isError || autoExtend.isError) && <Alert color="red">{errorText(extend.error ?? autoExtend.error)}</Alert>}
      </Stack>
    </Paper>
  );
}

/** Settings → My plan (spec §2): the plan, its term, the next invoice, usage against the package's limits, buying and extending. */
export function MyPlanPage() {
  const { t } = useTranslation("billing");
  const canExtend = usePermission("plan.extend");
  const query = useSubscription();
  if (query.isPending) return <Loader />;
  if (query.isError) return <EmptyState onRetry={() => void query.refetch()} />;
  const view = query.data;
  const statusColor = view.status === "active" ? "green" : view.status === "trial" ? "blue" : "red";
  return (
    <Stack data-testid="my-plan">
      <Group justify="space-between">
        <Title order={3}>{t("title")}</Title>
        <Button component={Link} to="/settings/my_plan_archive" variant="subtle">
          {t("archive.link")}
        </Button>
      </Group>
      {view.suspended_reason && (
        <Alert color="red" title={t("closed.title")} data-testid="plan-closed">
          {t(`closed.${view.suspended_reason}`)}
        </Alert>
      )}
      {view.unpaid_invoice && (
        <Alert color="orange" title={t("unpaid.title", { number: view.unpaid_invoice.number })}>
          <Stack gap="xs">
            <Text size="sm">{t("unpaid.text", { amount: tugrik(view.unpaid_invoice.amount), due: day(view.unpaid_invoice.due_at) })}</Text>
            <Group gap="sm">
              <Button size="xs" variant="light" component={Link} to={`/settings/my_plan_archive/${view.unpaid_invoice.id}`} data-testid="unpaid-open">
                {t("unpaid.open")}
              </Button>
              {canExtend && view.payment_gateways.includes("qpay") && <QPayPayment invoice={view.unpaid_invoice} />}
            </Group>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={600} size="lg" data-testid="plan-name">
                {t(`plans.${view.plan.code}`)}
              </Text>
              <Badge color={statusColor} data-testid="plan-status">
                {t(`status.${view.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {t("term")}: {view.term ? t(`terms.${view.term}`) : t("trialUntil", { date: day(view.trial_ends_at) })}
            </Text>
            {view.term_ends_at && (
              <Text size="sm">
                {t("termEnds")}: {day(view.term_ends_at)}
              </Text>
            )}
            <Text size="sm">
              {t("nextInvoice")}: {view.next_invoice_at ? `${day(view.next_invoice_at)} · ${tugrik(view.next_invoice_amount ?? 0)}` : "—"}
            </Text>
            <Text size="sm">
              {t("autoExtend")}: {view.auto_extend ? t("yes") : t("no")}
            </Text>
          </Stack>
          <Stack gap="sm">
            <UsageBar label={t("usage.users")} usage={view.usage.users} />
            <UsageBar label={t("usage.channels")} usage={view.usage.channels} />
            <UsageBar label={t("usage.agents")} usage={view.usage.agents} />
            <UsageBar label={t("usage.articles")} usage={view.usage.articles} />
          </Stack>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t("howToPay")}
        </Text>
        <PaymentDetails payee={view.payee} reference={view.unpaid_invoice?.number ?? null} />
      </Stack>
      {canExtend && (view.status === "active" ? <Extend view={view} /> : !view.unpaid_invoice && <Purchase view={view} />)}
    </Stack>
  );
}
