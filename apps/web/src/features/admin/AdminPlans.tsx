import type { PlanInput, PlanView } from "@holboo/core";
import { Alert, Button, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { errorText } from "../../lib/api.ts";
import { useAdminPlans, useSavePlan } from "./admin.queries.ts";

const LIMIT_FIELDS = ["max_users", "max_channels", "max_agents", "max_articles"] as const;
const PRICE_FIELDS = ["price_day", "price_month", "price_year", "extra_agent_day_price", "trial_days"] as const;

function PlanForm({ plan }: { plan: PlanView }) {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("billing");
  const { id: _id, code, ...initial } = plan;
  const [values, setValues] = useState<PlanInput>(initial);
  const save = useSavePlan(code);
  return (
    <Paper withBorder p="md" data-testid={`plan-${code}`}>
      <Stack>
        <Title order={4}>{tb(`plans.${code}`)}</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {LIMIT_FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t(`plans.${field}`)}
              description={t("plans.emptyUnlimited")}
              placeholder={t("plans.unlimited")}
              min={1}
              allowDecimal={false}
              value={values[field] ?? ""}
              onChange={(value) => setValues({ ...values, [field]: typeof value === "number" ? value : null })}
              data-testid={`plan-${code}-${field}`}
            />
          ))}
          {PRICE_FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t(`plans.${field}`)}
              min={0}
              allowDecimal={false}
              thousandSeparator=","
              value={values[field]}
              onChange={(value) => setValues({ ...values, [field]: typeof value === "number" ? value : 0 })}
              data-testid={`plan-${code}-${field}`}
            />
          ))}
        </SimpleGrid>
        {save.isError && <Alert color="red">{errorText(save.error)}</Alert>}
        <Group>
          <Button onClick={() => save.mutate(values)} loading={save.isPending} data-testid={`plan-${code}-save`}>
            {t("plans.save")}
          </Button>
          {save.isSuccess && (
            <Alert color="green" p={6}>
              {t("plans.saved")}
            </Alert>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The plans on sale: limits (empty is unlimited) and prices in tugrik, edited by the platform admin. */
export function AdminPlans() {
  const query = useAdminPlans();
  if (query.isPending) return <Loader />;
  if (query.isError) return <EmptyState onRetry={() => void query.refetch()} />;
  return (
    <Stack>
      {query.data.items.map((plan) => (
        <PlanForm key={plan.id} plan={plan} />
      ))}
    </Stack>
  );
}
