import type { AdminBillingSettingsView, PayeeInput, TermsInput } from "@holboo/core";
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { errorText, fieldErrors } from "../../lib/api.ts";
import { useAdminBillingSettings, useClearPayee, useResetTerms, useSavePayee, useSaveTerms } from "./admin.queries.ts";

const PAYEE_FIELDS = ["company_name", "bank_name", "account_number", "account_holder"] as const;
const EMPTY_PAYEE: PayeeInput = { company_name: "", bank_name: "", account_number: "", account_holder: "" };

function PayeeForm({ settings }: { settings: AdminBillingSettingsView }) {
  const { t } = useTranslation("admin");
  const [values, setValues] = useState<PayeeInput>(settings.payee ?? EMPTY_PAYEE);
  const save = useSavePayee();
  const clear = useClearPayee();
  const errors = fieldErrors(save.error);
  return (
    <Paper withBorder p="md" data-testid="admin-payee">
      <Stack>
        <Title order={4}>{t("payment.payeeTitle")}</Title>
        <Text size="sm" c="dimmed">
          {t("payment.payeeHelp")}
        </Text>
        {!settings.payee && <Alert color="yellow">{t("payment.notSet")}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {PAYEE_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`payment.${field}`)}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
              error={errors[field]}
              maxLength={field === "account_number" ? 64 : 200}
              required
              data-testid={`payee-${field}`}
            />
          ))}
        </SimpleGrid>
        {save.isError && !Object.keys(errors).length && <Alert color="red">{errorText(save.error)}</Alert>}
        <Group>
          <Button onClick={() => save.mutate(values)} loading={save.isPending} data-testid="payee-save">
            {t("payment.save")}
          </Button>
          {settings.payee && (
            <Button
              variant="subtle"
              color="red"
              loading={clear.isPending}
              onClick={() => clear.mutate(undefined, { onSuccess: () => setValues(EMPTY_PAYEE) })}
              data-testid="payee-clear"
            >
              {t("payment.clear")}
            </Button>
          )}
          {save.isSuccess && !save.isPending && (
            <Text c="green" size="sm" data-testid="payee-saved">
              {t("payment.saved")}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function TermsForm({ settings }: { settings: AdminBillingSettingsView }) {
  const { t } = useTranslation("admin");
  const [values, setValues] = useState<TermsInput>({ mn: settings.terms.mn, en: settings.terms.en });
  const save = useSaveTerms();
  const reset = useResetTerms();
  const errors = fieldErrors(save.error);
  return (
    <Paper withBorder p="md" data-testid="admin-terms">
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t("payment.termsTitle")}</Title>
          <Badge color={settings.terms.custom ? "blue" : "gray"} variant="light">
            {settings.terms.custom ? t("payment.termsCustom") : t("payment.termsDefault")}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t("payment.termsHelp")}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(["mn", "en"] as const).map((locale) => (
            <Textarea
              key={locale}
              label={locale === "mn" ? t("payment.termsMn") : t("payment.termsEn")}
              value={values[locale]}
              onChange={(event) => setValues({ ...values, [locale]: event.currentTarget.value })}
              error={errors[locale]}
              rows={16}
              resize="vertical"
              data-testid={`terms-${locale}`}
            />
          ))}
        </SimpleGrid>
        {(save.isError || reset.isError) && !Object.keys(errors).length && <Alert color="red">{errorText(save.error ?? reset.error)}</Alert>}
        <Group>
          <Button onClick={() => save.mutate(values)} loading={save.isPending} data-testid="terms-save">
            {t("payment.save")}
          </Button>
          {settings.terms.custom && (
            <Button
              variant="subtle"
              loading={reset.isPending}
              onClick={() => reset.mutate(undefined, { onSuccess: () => setValues(settings.default_terms) })}
              data-testid="terms-reset"
            >
              {t("payment.termsReset")}
            </Button>
          )}
          <Anchor href="/pub/terms" target="_blank" rel="noopener" size="sm">
            {t("payment.termsView")}
          </Anchor>
          {save.isSuccess && !save.isPending && (
            <Text c="green" size="sm">
              {t("payment.saved")}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The installation's payee (where companies pay by bank transfer) and its terms of service, edited by the platform admin. */
export function AdminBillingSettings() {
  const query = useAdminBillingSettings();
  if (query.isPending) return <Loader />;
  if (query.isError) return <EmptyState onRetry={() => void query.refetch()} />;
  return (
    <Stack>
      <PayeeForm settings={query.data} />
      <TermsForm settings={query.data} />
    </Stack>
  );
}
