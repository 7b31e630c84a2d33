import { WebchatChannelInput } from "@holboo/core";
import { Anchor, Button, Code, ColorInput, CopyButton, Group, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconBrandMessenger, IconMail, IconMessageCircle, IconPhone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { showSubmitError, submitValid } from "../../lib/forms.ts";
import { useConnectWebchat } from "./onboarding.queries.ts";

/** What this step asks of the web chat's settings; the rest takes the defaults the settings page shows. */
const WebchatStepInput = WebchatChannelInput.pick({ domain: true, brand_color: true, text_color: true });

interface Props {
  /** The company's name: the widget's title until it is changed in the web chat's settings. */
  companyName: string;
  /** Leaves the wizard for a page of the app. */
  leave: (to: string) => void;
  onConnected: () => void;
}

/** The other channels, connected in their settings (each needs more than a wizard step can ask). */
const OTHER_CHANNELS = [
  { key: "social", path: "/settings/social", icon: IconBrandMessenger },
  { key: "email", path: "/settings/email", icon: IconMail },
  { key: "calls", path: "/settings/call_center", icon: IconPhone },
] as const;

/**
 * The wizard's channel step: web chat is connected here and now (the site's address and colours, then the code to
 * paste), answered by the agent just created; the other channels are one click away.
 */
export function OnboardingWebchat({ companyName, leave, onConnected }: Props) {
  const { t } = useTranslation("onboarding");
  const form = useForm({ initialValues: { domain: "", brand_color: "#3B5BDB", text_color: "#FFFFFF" } });
  const connect = useConnectWebchat({ onSuccess: onConnected, onError: (error) => showSubmitError(error, form.setErrors) });
  const submit = submitValid<typeof form.values>(WebchatStepInput, form.setErrors, (values) =>
    connect.mutate({
      name: t("webchat.channelName"),
      description: values.domain,
      domain: values.domain,
      name_mn: companyName,
      name_en: companyName,
      greeting_mn: t("webchat.greeting", { lng: "mn" }),
      greeting_en: t("webchat.greeting", { lng: "en" }),
      brand_color: values.brand_color,
      text_color: values.text_color,
    }),
  );
  const channel = connect.data;
  return (
    <Stack>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="xl">
          <IconMessageCircle size={20} />
        </ThemeIcon>
        <Title order={3}>{t("webchat.title")}</Title>
      </Group>
      {channel ? (
        <Paper withBorder p="md" data-testid="onboarding-webchat-connected">
          <Stack gap="xs">
            <Text fw={600}>{t("webchat.connected", { domain: channel.domain })}</Text>
            <Text size="sm" c="dimmed">
              {t("webchat.paste")}
            </Text>
            <Code block data-testid="onboarding-webchat-snippet" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
              {channel.embed_snippet}
            </Code>
            <Group>
              <CopyButton value={channel.embed_snippet}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} data-testid="onboarding-webchat-copy">
                    {t(copied ? "webchat.copied" : "webchat.copy")}
                  </Button>
                )}
              </CopyButton>
              <Anchor href={`/webchat/test?key=${channel.public_key}`} target="_blank" size="sm">
                {t("webchat.test")}
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Text c="dimmed">{t("webchat.text")}</Text>
          <TextInput
            label={t("webchat.domain")}
            description={t("webchat.domainHint")}
            placeholder="shop.mn"
            data-testid="onboarding-webchat-domain"
            {...form.getInputProps("domain")}
          />
          <SimpleGrid cols={2}>
            <ColorInput label={t("webchat.brandColor")} format="hex" {...form.getInputProps("brand_color")} />
            <ColorInput label={t("webchat.textColor")} format="hex" {...form.getInputProps("text_color")} />
          </SimpleGrid>
          <Group>
            <Button onClick={() => submit(form.values)} loading={connect.isPending} data-testid="onboarding-webchat-connect">
              {t("webchat.connect")}
            </Button>
          </Group>
        </Stack>
      )}
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("webchat.others")}
        </Text>
        <Group gap="xs">
          {OTHER_CHANNELS.map(({ key, path, icon: Icon }) => (
            <Button
              key={key}
              variant="default"
              size="xs"
              leftSection={<Icon size={14} />}
              onClick={() => leave(path)}
              data-testid={`onboarding-channel-${key}`}
            >
              {t(`webchat.other.${key}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}
