import { LIMITS, WebchatChannelInput, type WebchatChannelView, type WebchatFaqEntry } from "@holboo/core";
import {
  ActionIcon,
  Anchor,
  Button,
  Code,
  ColorInput,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { LogoUpload } from "../../../components/shared/LogoUpload.tsx";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { fieldErrors } from "../../../lib/api.ts";
import { ChannelAgentSelect } from "../ChannelAgentSelect.tsx";
import { useSaveWebchatChannel, useWebchatChannel, useWebchatLogo } from "./webchat.queries.ts";
import { validate } from "../../../lib/forms.ts";
import { usePermission } from "../../../lib/session.ts";

const emptyFaq = (): WebchatFaqEntry => ({ question_mn: "", question_en: "", answer_mn: "", answer_en: "" });

function Form({ channel }: { channel: WebchatChannelView | null }) {
  const { t } = useTranslation("channels");
  const navigate = useNavigate();
  const canEdit = usePermission("settings.edit");
  const form = useForm({
    initialValues: {
      name: channel?.name ?? "",
      description: channel?.description ?? "",
      domain: channel?.domain ?? "",
      name_mn: channel?.name_mn ?? "",
      name_en: channel?.name_en ?? "",
      greeting_mn: channel?.greeting_mn ?? "",
      greeting_en: channel?.greeting_en ?? "",
      brand_color: channel?.brand_color ?? "#3B5BDB",
      text_color: channel?.text_color ?? "#FFFFFF",
      language: channel?.language ?? "mn",
      faq: channel?.faq ?? [],
      active: channel?.active ?? true,
      agent_id: channel?.agent_id ?? null,
      agent_active: channel?.agent_active ?? false,
    },
  });
  const save = useSaveWebchatChannel(channel, {
    onSuccess: (saved) => {
      void navigate(`/settings/web_chat/edit/${saved.id}`, { replace: true });
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(WebchatChannelInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(values);
  });
  const count = (value: string) => `${value.length}/${LIMITS.webchatGreetingMaxChars}`;
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("fields.name")} {...form.getInputProps("name")} />
            <TextInput
              label={t("fields.domain")}
              description={t("fields.domainHint")}
              placeholder="shop.mn"
              data-testid="webchat-domain"
              {...form.getInputProps("domain")}
            />
          </SimpleGrid>
          <TextInput label={t("fields.description")} {...form.getInputProps("description")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("fields.nameMn")} {...form.getInputProps("name_mn")} />
            <TextInput label={t("fields.nameEn")} {...form.getInputProps("name_en")} />
            <Textarea label={t("fields.greetingMn")} description={count(form.values.greeting_mn)} autosize minRows={2} {...form.getInputProps("greeting_mn")} />
            <Textarea label={t("fields.greetingEn")} description={count(form.values.greeting_en)} autosize minRows={2} {...form.getInputProps("greeting_en")} />
            <ColorInput label={t("fields.brandColor")} format="hex" {...form.getInputProps("brand_color")} />
            <ColorInput label={t("fields.textColor")} format="hex" {...form.getInputProps("text_color")} />
          </SimpleGrid>
          <Group>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t("fields.language")}
              </Text>
              <SegmentedControl
                data={[
                  { value: "mn", label: "Монгол" },
                  { value: "en", label: "English" },
                ]}
                {...form.getInputProps("language")}
              />
            </Stack>
            <Switch label={t("fields.active")} {...form.getInputProps("active", { type: "checkbox" })} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChannelAgentSelect
              value={form.values.agent_id}
              onChange={(agentId) => {
                form.setFieldValue("agent_id", agentId);
                if (agentId === null) form.setFieldValue("agent_active", false);
              }}
              error={form.errors.agent_id}
            />
            <Switch
              mt="lg"
              label={t("fields.agentActive")}
              description={t("fields.agentActiveHint")}
              disabled={form.values.agent_id === null}
              data-testid="agent-active"
              {...form.getInputProps("agent_active", { type: "checkbox" })}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t("faq.title")}</Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                disabled={form.values.faq.length >= LIMITS.webchatFaqMaxEntries}
                onClick={() => form.insertListItem("faq", emptyFaq())}
              >
                {t("faq.add")}
              </Button>
            </Group>
            {form.values.faq.map((_, index) => (
              <Paper key={index} withBorder p="xs">
                <Group align="flex-start" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                    <TextInput size="xs" label={t("faq.questionMn")} {...form.getInputProps(`faq.${index}.question_mn`)} />
                    <TextInput size="xs" label={t("faq.questionEn")} {...form.getInputProps(`faq.${index}.question_en`)} />
                    <Textarea size="xs" label={t("faq.answerMn")} autosize {...form.getInputProps(`faq.${index}.answer_mn`)} />
                    <Textarea size="xs" label={t("faq.answerEn")} autosize {...form.getInputProps(`faq.${index}.answer_en`)} />
                  </SimpleGrid>
                  <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => form.removeListItem("faq", index)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="save-webchat">
                {t("save")}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

function Snippet({ channel }: { channel: WebchatChannelView }) {
  const { t } = useTranslation("channels");
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>{t("snippet.title")}</Title>
        <Text size="sm" c="dimmed">
          {t("snippet.hint")}
        </Text>
        <Code block data-testid="embed-snippet">
          {channel.embed_snippet}
        </Code>
        <Group>
          <CopyButton value={channel.embed_snippet}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {t(copied ? "snippet.copied" : "snippet.copy")}
              </Button>
            )}
          </CopyButton>
          <Anchor href={`/webchat/test?key=${channel.public_key}`} target="_blank" size="sm" data-testid="test-link">
            {t("snippet.test")}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed">
          {t("snippet.identity")}
        </Text>
        <Code>
          {t("snippet.secret")}: {channel.hmac_secret}
        </Code>
      </Stack>
    </Paper>
  );
}

/** The logo in the widget's header; it needs a saved channel, so it appears once the channel exists. */
function ChannelLogo({ channel }: { channel: WebchatChannelView }) {
  const { t } = useTranslation("channels");
  const { upload, store, remove } = useWebchatLogo(channel.id);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>{t("webchat.logo")}</Title>
        <Group justify="space-between" align="center">
          <LogoUpload<WebchatChannelView> src={channel.logo_url} name={channel.name_mn} upload={upload} onUploaded={store} canEdit />
          {channel.logo_url && (
            <Button variant="subtle" color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t("webchat.removeLogo")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function WebchatChannelFormPage() {
  const { t } = useTranslation("channels");
  const { id } = useParams();
  const channel = useWebchatChannel(id);
  if (id && !channel.data) return null;
  return (
    <Stack>
      <Title order={2}>{t(id ? "webchat.edit" : "webchat.add")}</Title>
      <Paper withBorder p="md">
        <Form key={channel.data?.id ?? "new"} channel={channel.data ?? null} />
      </Paper>
      {channel.data && <ChannelLogo channel={channel.data} />}
      {channel.data && <Snippet channel={channel.data} />}
    </Stack>
  );
}
