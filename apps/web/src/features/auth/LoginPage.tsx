import { LoginInput, PasswordResetRequestInput, SignupInput, isTwoFactorChallenge, type LoginResult, type OkResponse } from "@holboo/core";
import { Alert, Anchor, Button, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { currentLocale } from "../../i18n/index.ts";
import { errorText, fieldErrors } from "../../lib/api.ts";
import { validate } from "../../lib/forms.ts";
import { meKeys } from "../../lib/session.ts";
import { sendLogin, sendPasswordForgot, sendSignup } from "./auth.queries.ts";
import { AuthCard } from "./AuthCard.tsx";
import { TwoFactorLoginStep } from "./TwoFactorLoginStep.tsx";

const MODES = ["login", "signup", "forgot"] as const;
type Mode = (typeof MODES)[number];
const isMode = (value: string | null): value is Mode => MODES.some((mode) => mode === value);

const EMPTY = { first_name: "", last_name: "", email: "", password: "" };
type Values = typeof EMPTY;

/** What each mode sends, checked with the same core schema the server uses, and the call that sends it. */
function payload(mode: Mode, values: Values) {
  if (mode === "forgot") {
    const body = { email: values.email };
    return { schema: PasswordResetRequestInput, body, send: () => sendPasswordForgot(body) };
  }
  if (mode === "login") {
    const body = { email: values.email, password: values.password };
    return { schema: LoginInput, body, send: () => sendLogin(body) };
  }
  const body = { ...values, locale: currentLocale() };
  return { schema: SignupInput, body, send: () => sendSignup(body) };
}

/** /login and /pub/login: log in, sign up (?mode=signup) and forgotten password (?mode=forgot). */
export function LoginPage() {
  const { t } = useTranslation("auth");
  const [params, setParams] = useSearchParams();
  const requested = params.get("mode");
  const mode: Mode = isMode(requested) ? requested : "login";
  const navigate = useNavigate();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: EMPTY });

  const setMode = (next: Mode) => {
    setProblem(null);
    setSent(false);
    form.clearErrors();
    setParams(next === "login" ? {} : { mode: next });
  };

  const submit = useMutation({
    mutationFn: (send: () => Promise<LoginResult | OkResponse>) => send(),
    onSuccess: (result) => {
      if (mode === "forgot" || "ok" in result) return setSent(true);
      if (isTwoFactorChallenge(result)) return setChallenge(result.challenge);
      client.setQueryData(meKeys.all, result);
      // The guard sends a user without a company on to onboarding (rule 7).
      void navigate("/interacts", { replace: true });
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      form.setErrors(fields);
      setProblem(Object.keys(fields).length ? null : errorText(error));
    },
  });

  const onSubmit = form.onSubmit((values) => {
    setProblem(null);
    const { schema, body, send } = payload(mode, values);
    const checked = validate(schema, body);
    if (!checked.ok) return form.setErrors(checked.errors);
    submit.mutate(send);
  });

  if (challenge) {
    return (
      <AuthCard>
        <TwoFactorLoginStep
          challenge={challenge}
          onBack={() => {
            setChallenge(null);
            form.setFieldValue("password", "");
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2}>{t(`${mode}.title`)}</Title>
          {mode !== "forgot" && (
            <SegmentedControl
              fullWidth
              value={mode}
              onChange={(value) => setMode(isMode(value) ? value : "login")}
              data={[
                { value: "login", label: t("login.tab") },
                { value: "signup", label: t("signup.tab") },
              ]}
            />
          )}
          {problem && (
            <Alert color="red" data-testid="auth-error">
              {problem}
            </Alert>
          )}
          {sent && <Alert color="teal">{t("forgot.sent")}</Alert>}
          {mode === "signup" && (
            <Group grow align="flex-start">
              <TextInput label={t("fields.firstName")} autoComplete="given-name" {...form.getInputProps("first_name")} />
              <TextInput label={t("fields.lastName")} autoComplete="family-name" {...form.getInputProps("last_name")} />
            </Group>
          )}
          <TextInput label={t("fields.email")} type="email" autoComplete="email" {...form.getInputProps("email")} />
          {mode !== "forgot" && (
            <PasswordInput
              label={t("fields.password")}
              autoComplete={mode === "signup" ? "new-password" : "current-password"}
              {...form.getInputProps("password")}
            />
          )}
          <Button type="submit" loading={submit.isPending} fullWidth>
            {t(`${mode}.submit`)}
          </Button>
          {mode === "login" && (
            <Anchor component="button" type="button" size="sm" onClick={() => setMode("forgot")}>
              {t("login.forgot")}
            </Anchor>
          )}
          {mode === "forgot" && (
            <Anchor component="button" type="button" size="sm" onClick={() => setMode("login")}>
              {t("forgot.back")}
            </Anchor>
          )}
          {mode === "signup" && (
            <Text size="xs" c="dimmed">
              {t("signup.note")}
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
