import { TwoFactorLoginInput, type MeView } from "@holboo/core";
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../../lib/api.ts";
import { validate } from "../../lib/forms.ts";
import { useTwoFactorLogin } from "./auth.queries.ts";

/**
 * The second step of signing in: a code from the authenticator app, or one of the recovery codes. Signed in, it goes
 * to the inbox, or where `onSignedIn` says (an invitation or support link's page).
 */
export function TwoFactorLoginStep({ challenge, onBack, onSignedIn }: { challenge: string; onBack: () => void; onSignedIn?: (me: MeView) => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useTwoFactorLogin({
    onSuccess: (me) => {
      if (onSignedIn) onSignedIn(me);
      else void navigate("/interacts", { replace: true });
    },
    onError: (error) => setProblem(errorText(error)),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        const checked = validate(TwoFactorLoginInput, { challenge, code });
        if (!checked.ok) return setProblem(Object.values(checked.errors)[0] ?? null);
        submit.mutate(checked.data);
      }}
    >
      <Stack>
        <Title order={2}>{t("twoFactor.title")}</Title>
        <Text size="sm" c="dimmed">
          {recovery ? t("twoFactor.recoveryText") : t("twoFactor.text")}
        </Text>
        {problem && (
          <Alert color="red" data-testid="auth-error">
            {problem}
          </Alert>
        )}
        <TextInput
          key={recovery ? "recovery" : "code"}
          label={recovery ? t("twoFactor.recoveryCode") : t("twoFactor.code")}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          data-testid="login-code"
          data-autofocus
          autoFocus
        />
        <Button type="submit" loading={submit.isPending} fullWidth data-testid="login-code-submit">
          {t("twoFactor.submit")}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
            setProblem(null);
          }}
          data-testid="login-use-recovery"
        >
          {recovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
          {t("forgot.back")}
        </Anchor>
      </Stack>
    </form>
  );
}
