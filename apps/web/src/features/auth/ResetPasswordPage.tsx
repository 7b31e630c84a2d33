import { PasswordResetConfirmInput } from "@holboo/core";
import { Alert, Button, PasswordInput, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { errorText, fieldErrors } from "../../lib/api.ts";
import { validate } from "../../lib/forms.ts";
import { useResetPassword } from "./auth.queries.ts";
import { AuthCard } from "./AuthCard.tsx";
import { errorMessage } from "../../lib/errors.ts";

/** /pub/reset-password?token=… from the reset e-mail: choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword({
    onError: (e) => setError(fieldErrors(e).password ?? errorText(e)),
  });
  const submit = () => {
    const checked = validate(PasswordResetConfirmInput, { token, password });
    if (checked.ok) return reset.mutate({ token, password });
    setError(checked.errors.password ?? (checked.errors.token ? errorMessage("reset_token_invalid") : null));
  };
  return (
    <AuthCard>
      <Stack>
        <Title order={2}>{t("reset.title")}</Title>
        {!token && <Alert color="red">{errorMessage("reset_token_invalid")}</Alert>}
        {reset.isSuccess ? (
          <>
            <Alert color="teal">{t("reset.done")}</Alert>
            <Button component={Link} to="/pub/login">
              {t("login.submit")}
            </Button>
          </>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack>
              <PasswordInput
                label={t("fields.newPassword")}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={error}
              />
              <Button type="submit" loading={reset.isPending} disabled={!token}>
                {t("reset.submit")}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthCard>
  );
}
