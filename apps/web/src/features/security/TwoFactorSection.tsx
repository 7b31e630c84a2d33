import { Badge, Button, Group, Loader, PasswordInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors } from "../../lib/api.ts";
import { RecoveryCodes } from "./RecoveryCodes.tsx";
import { TwoFactorSetup } from "./TwoFactorSetup.tsx";
import { useDisableTwoFactor, useRegenerateCodes, useTwoFactorStatus } from "./two-factor.queries.ts";

/** The profile's two-step verification: set it up, or (when on) new recovery codes and turning it off. */
export function TwoFactorSection() {
  const { t } = useTranslation("security");
  const status = useTwoFactorStatus();
  const [settingUp, setSettingUp] = useState(false);
  if (status.isPending) return <Loader size="sm" />;
  const enabled = !!status.data?.enabled;
  return (
    <Stack data-testid="two-factor-section">
      <Group justify="space-between">
        <Text fw={600}>{t("profile.title")}</Text>
        <Badge color={enabled ? "teal" : "gray"} variant="light" data-testid="two-factor-badge">
          {enabled ? t("profile.on") : t("profile.off")}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t("profile.text")}
      </Text>
      {enabled ? (
        <EnabledActions codesLeft={status.data?.recovery_codes_left ?? 0} mustKeep={!!status.data?.company_requires} />
      ) : settingUp ? (
        <TwoFactorSetup onDone={() => setSettingUp(false)} />
      ) : (
        <Group>
          <Button onClick={() => setSettingUp(true)} data-testid="two-factor-enable">
            {t("profile.enable")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type Action = "codes" | "disable";

function EnabledActions({ codesLeft, mustKeep }: { codesLeft: number; mustKeep: boolean }) {
  const { t } = useTranslation("security");
  const [action, setAction] = useState<Action | null>(null);
  const [proof, setProof] = useState<"code" | "password">("code");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const regenerate = useRegenerateCodes();
  const disable = useDisableTwoFactor();
  const onError = (e: unknown) => setError(Object.values(fieldErrors(e))[0] ?? errorText(e));

  if (regenerate.data) return <RecoveryCodes codes={regenerate.data.recovery_codes} onDone={() => regenerate.reset()} />;
  const submit = () => {
    setError(null);
    if (!value.trim()) return setError(t("profile.required"));
    if (action === "codes") regenerate.mutate(value, { onError });
    else
      disable.mutate(proof === "code" ? { code: value } : { password: value }, {
        onError,
        onSuccess: () => notifications.show({ color: "teal", message: t("profile.disabled") }),
      });
  };
  return (
    <Stack>
      <Text size="sm">{t("profile.codesLeft", { count: codesLeft })}</Text>
      {mustKeep && (
        <Text size="sm" c="dimmed">
          {t("profile.companyRequires")}
        </Text>
      )}
      {!action ? (
        <Group>
          <Button variant="default" onClick={() => setAction("codes")}>
            {t("profile.newCodes")}
          </Button>
          <Button variant="light" color="red" onClick={() => setAction("disable")} data-testid="two-factor-disable">
            {t("profile.disable")}
          </Button>
        </Group>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack maw={360}>
            {action === "disable" && (
              <SegmentedControl
                value={proof}
                onChange={(next) => setProof(next === "password" ? "password" : "code")}
                data={[
                  { value: "code", label: t("profile.withCode") },
                  { value: "password", label: t("profile.withPassword") },
                ]}
              />
            )}
            {action === "disable" && proof === "password" ? (
              <PasswordInput label={t("profile.password")} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} />
            ) : (
              <TextInput
                label={t("profile.currentCode")}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                error={error}
              />
            )}
            <Group>
              <Button type="submit" color={action === "disable" ? "red" : undefined} loading={regenerate.isPending || disable.isPending}>
                {action === "disable" ? t("profile.disable") : t("profile.newCodes")}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setAction(null);
                  setValue("");
                  setError(null);
                }}
              >
                {t("profile.cancel")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
