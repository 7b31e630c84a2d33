import { TwoFactorCodeInput } from "@holboo/core";
import { Alert, Button, Code, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors } from "../../lib/api.ts";
import { validate } from "../../lib/forms.ts";
import { RecoveryCodes } from "./RecoveryCodes.tsx";
import { useConfirmSetup, useStartSetup, useTwoFactorRefresh } from "./two-factor.queries.ts";

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Set-up: a QR code and the secret to type, a first code to confirm, then the recovery codes (once). */
export function TwoFactorSetup({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation("security");
  const start = useStartSetup();
  const confirm = useConfirmSetup();
  const refresh = useTwoFactorRefresh();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (confirm.data) {
    return (
      <RecoveryCodes
        codes={confirm.data.recovery_codes}
        onDone={() => {
          void refresh();
          onDone?.();
        }}
      />
    );
  }
  if (!start.data) {
    return (
      <Stack align="flex-start">
        {start.isError && <Alert color="red">{errorText(start.error)}</Alert>}
        <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="two-factor-start">
          {t("setup.start")}
        </Button>
      </Stack>
    );
  }
  const submit = () => {
    const checked = validate(TwoFactorCodeInput, { code });
    if (!checked.ok) return setError(checked.errors.code ?? null);
    setError(null);
    confirm.mutate(checked.data.code, { onError: (e) => setError(fieldErrors(e).code ?? errorText(e)) });
  };
  return (
    <Stack>
      <Text size="sm">{t("setup.scan")}</Text>
      <Group align="flex-start" gap="lg">
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(start.data.qr_svg)}`}
          alt={t("setup.qrAlt")}
          w={184}
          h={184}
          data-testid="two-factor-qr"
        />
        <Stack gap={4} maw={300}>
          <Text size="sm" c="dimmed">
            {t("setup.manual")}
          </Text>
          <Code fz="md" data-testid="two-factor-secret" data-secret={start.data.secret}>
            {grouped(start.data.secret)}
          </Code>
        </Stack>
      </Group>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t("setup.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            w={200}
            data-testid="two-factor-code"
          />
          <Button type="submit" loading={confirm.isPending} data-testid="two-factor-confirm">
            {t("setup.confirm")}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
