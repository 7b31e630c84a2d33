import { CALL_CENTER_DEFAULTS, type CallCenterSettingsInput, type CallCenterView } from "@holboo/core";
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../lib/api.ts";
import { useSaveCallRules } from "./calls.queries.ts";

const NUMBERS = [
  { name: "ring_seconds", min: 5, max: 120 },
  { name: "after_call_seconds", min: 0, max: 600 },
  { name: "answered_within_seconds", min: 5, max: 600 },
] as const;

/**
 * How calls are handed out and measured (the server's ring rule reads them on its next ring): the ring time per person,
 * the after-call work during which a person who just finished a call is not rung, recording answered calls, and the
 * wait the monitoring screen's service level counts within.
 */
export function CallCenterRulesForm({ settings, canEdit }: { settings: CallCenterView["settings"] | undefined; canEdit: boolean }) {
  const { t } = useTranslation("calls");
  const form = useForm<CallCenterSettingsInput>({ initialValues: { ...CALL_CENTER_DEFAULTS } });
  useEffect(() => {
    if (settings) form.setValues(settings);
    // Only when the stored settings change, not on every refetch (the form is not a dependency).
  }, [settings?.ring_seconds, settings?.after_call_seconds, settings?.record_calls, settings?.answered_within_seconds]);
  const save = useSaveCallRules({
    onSuccess: () => notifications.show({ color: "teal", message: t("settings.saved") }),
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  return (
    <Paper withBorder p="md" data-testid="call-rules">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack>
          <Title order={4}>{t("settings.rules.title")}</Title>
          <Text size="sm" c="dimmed">
            {t("settings.rules.intro")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {NUMBERS.map(({ name, min, max }) => (
              <NumberInput
                key={name}
                label={t(`settings.rules.${name}`)}
                description={t(`settings.rules.${name}_hint`)}
                min={min}
                max={max}
                allowDecimal={false}
                disabled={!canEdit}
                data-testid={`rules-${name}`}
                {...form.getInputProps(name)}
              />
            ))}
          </SimpleGrid>
          <Switch
            label={t("settings.rules.record_calls")}
            description={t("settings.rules.record_calls_hint")}
            disabled={!canEdit}
            data-testid="rules-record_calls"
            {...form.getInputProps("record_calls", { type: "checkbox" })}
          />
          {canEdit && (
            <Group>
              <Button type="submit" loading={save.isPending} data-testid="rules-save">
                {t("settings.rules.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
