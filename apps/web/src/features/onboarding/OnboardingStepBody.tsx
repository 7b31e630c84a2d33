import { EMPLOYEE_RANGES, SECTORS } from "@holboo/core";
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconCircleCheck, IconRobot, IconSparkles } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { OnboardingWebchat } from "./OnboardingWebchat.tsx";
import type { OnboardingValues, WizardStepKey } from "./wizard.steps.ts";

interface Props {
  step: WizardStepKey;
  form: UseFormReturnType<OnboardingValues>;
  /** Leaves the wizard for a page of the app, once the company exists. */
  leave: (to: string) => void;
  /** The channel step connected web chat: the wizard goes on instead of offering to skip. */
  onChannelConnected: () => void;
}

/** The content of one wizard step. */
export function OnboardingStepBody({ step, form, leave, onChannelConnected }: Props) {
  const { t } = useTranslation("onboarding");
  switch (step) {
    case "welcome":
      return (
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconSparkles size={30} />
          </ThemeIcon>
          <Title order={2}>{t("welcome.title")}</Title>
          <Text c="dimmed" maw={440}>
            {t("welcome.text")}
          </Text>
        </Stack>
      );
    case "company":
      return (
        <TextInput
          label={t("company.label")}
          description={t("company.hint")}
          placeholder={t("company.placeholder")}
          data-autofocus
          {...form.getInputProps("company_name")}
        />
      );
    case "sector":
      return (
        <Radio.Group label={t("sector.label")} {...form.getInputProps("sector")}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
            {SECTORS.map((sector) => (
              <Radio key={sector} value={sector} label={t(`sectors.${sector}`)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      );
    case "employees":
      return (
        <Radio.Group label={t("employees.label")} {...form.getInputProps("employee_range")}>
          <SimpleGrid cols={{ base: 2, xs: 3 }} mt="xs">
            {EMPLOYEE_RANGES.map((range) => (
              <Radio key={range} value={range} label={t("employees.range", { range })} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      );
    case "agent":
      return (
        <Stack>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl">
              <IconRobot size={20} />
            </ThemeIcon>
            <Text fw={600}>{t("agent.title")}</Text>
          </Group>
          <TextInput label={t("agent.label")} placeholder={t("agent.placeholder")} {...form.getInputProps("agent_name")} />
          <TextInput label={t("agent.type")} value={t("agent.socialAgent")} description={t("agent.typeHint")} readOnly />
        </Stack>
      );
    case "channel":
      return <OnboardingWebchat companyName={form.values.company_name.trim()} leave={leave} onConnected={onChannelConnected} />;
    case "done":
      return (
        <Stack align="center" ta="center">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Title order={2}>{t("done.title")}</Title>
          <Text c="dimmed">{t("done.text")}</Text>
          <Group>
            <Button onClick={() => leave("/interacts")}>{t("done.inbox")}</Button>
            <Button variant="default" onClick={() => leave("/settings")}>
              {t("done.channel")}
            </Button>
          </Group>
        </Stack>
      );
  }
}
