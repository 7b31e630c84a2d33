import { OnboardingInput } from "@holboo/core";
import { Alert, Button, Group, Stack, Stepper } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText, fieldErrors } from "../../lib/api.ts";
import { ApiError } from "../../lib/http.ts";
import { validate } from "../../lib/forms.ts";
import { useMe } from "../../lib/session.ts";
import { useAdoptSession, useCreateCompany } from "./onboarding.queries.ts";
import { OnboardingStepBody } from "./OnboardingStepBody.tsx";
import { CHANNEL_STEP, CREATE_STEP, DONE_STEP, EMPTY_VALUES, errorsOfStep, stepOfFields, WIZARD_STEPS, type OnboardingValues } from "./wizard.steps.ts";

/** Spec §2 onboarding wizard; POST /api/onboarding creates the company and its first AI agent. */
export function OnboardingWizard() {
  const { t } = useTranslation("onboarding");
  const [step, setStep] = useState(0);
  const [refusedForApproval, setAwaitingApproval] = useState(false);
  const [channelConnected, setChannelConnected] = useState(false);
  // A sign-up the platform admin has not approved learns it before the wizard, not after its steps.
  const { data: me } = useMe();
  const awaitingApproval = refusedForApproval || me?.is_approved_by_superadmin === false;
  const navigate = useNavigate();
  const adoptSession = useAdoptSession();
  const form = useForm<OnboardingValues>({ initialValues: EMPTY_VALUES });

  const create = useCreateCompany({
    // The session learns about the new company only when the user leaves the wizard: the guard
    // sends a user with a company away from /onboarding (rule 8).
    onSuccess: () => setStep(CHANNEL_STEP),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "signup_not_approved") return setAwaitingApproval(true);
      const errors = fieldErrors(error);
      form.setErrors(errors);
      const back = stepOfFields(Object.keys(errors));
      if (back >= 0) setStep(back);
    },
  });

  const leave = (to: string) => {
    if (create.data) adoptSession(create.data);
    void navigate(to);
  };

  const next = () => {
    const checked = validate(OnboardingInput, form.values);
    const problems = checked.ok ? {} : errorsOfStep(step, checked.errors);
    if (Object.keys(problems).length) return form.setErrors(problems);
    // Every earlier step passed, so on the create step the whole form is valid: what is sent is the checked input.
    if (step === CREATE_STEP) return checked.ok ? create.mutate(checked.data) : form.setErrors(checked.errors);
    setStep(step + 1);
  };

  if (awaitingApproval)
    return (
      <Alert color="yellow" title={t("pending.title")}>
        {t("pending.text")}
      </Alert>
    );

  const current = WIZARD_STEPS[step] ?? WIZARD_STEPS[0];
  const showGeneralError = create.isError && !Object.keys(fieldErrors(create.error)).length;
  return (
    <Stack gap="lg">
      <Stepper active={step === DONE_STEP ? WIZARD_STEPS.length : step} size="xs" allowNextStepsSelect={false}>
        {WIZARD_STEPS.map(({ key }) => (
          <Stepper.Step key={key} aria-label={t(`steps.${key}`)} />
        ))}
      </Stepper>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <Stack gap="lg">
          <OnboardingStepBody step={current.key} form={form} leave={leave} onChannelConnected={() => setChannelConnected(true)} />
          {showGeneralError && <Alert color="red">{errorText(create.error)}</Alert>}
          {step < DONE_STEP && (
            <Group justify="space-between">
              <Button variant="default" disabled={step === 0 || step >= CHANNEL_STEP} onClick={() => setStep(step - 1)}>
                {t("back")}
              </Button>
              {step === CHANNEL_STEP ? (
                <Button type="button" onClick={() => setStep(DONE_STEP)} data-testid="onboarding-next">
                  {channelConnected ? t("next") : t("channel.skip")}
                </Button>
              ) : (
                <Button type="submit" loading={create.isPending} data-testid="onboarding-next">
                  {step === CREATE_STEP ? t("create") : t("next")}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
