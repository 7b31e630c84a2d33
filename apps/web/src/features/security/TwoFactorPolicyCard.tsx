import { Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../lib/api.ts";
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from "./two-factor.queries.ts";

/** The company's setting (admins): every member must set up two-step verification before anything else. */
export function TwoFactorPolicyCard() {
  const { t } = useTranslation("security");
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  return (
    <Stack gap="xs">
      <Title order={4}>{t("policy.title")}</Title>
      {policy.isPending ? (
        <Loader size="sm" />
      ) : (
        <Switch
          checked={policy.data?.required ?? false}
          disabled={save.isPending || policy.isError}
          onChange={(event) => save.mutate(event.currentTarget.checked, { onError: notifyError })}
          label={t("policy.label")}
          data-testid="two-factor-policy"
        />
      )}
      <Text size="sm" c="dimmed">
        {t("policy.text")}
      </Text>
    </Stack>
  );
}
