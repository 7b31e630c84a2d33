import type { ChannelView, ViberChannelView } from "@holboo/core";
import { Button, Checkbox, Group, List, Modal, PasswordInput, Stack, Switch, Text, TextInput, Textarea } from "@mantine/core";
import { useForm, type UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChannelAgentSelect } from "../ChannelAgentSelect.tsx";
import { showServerErrors } from "../server-errors.ts";
import { saveMessengerChannel, saveViberChannel, useConnectViber, useSaveSocialChannel, useSocialChannel } from "./social.queries.ts";

/** What every social channel's form holds: its name, description and serving agent (Viber adds the welcome and approval). */
export interface SocialFieldValues {
  name: string;
  description: string;
  agent_id: number | null;
  agent_active: boolean;
}

export const blankSocial = (name: string): SocialFieldValues => ({ name, description: "", agent_id: null, agent_active: false });

/** The name, description and the virtual agent that answers first, as on the other channels' forms. */
export function SocialFields<T extends SocialFieldValues>({ form, testPrefix }: { form: UseFormReturnType<T>; testPrefix: string }) {
  const { t } = useTranslation("channels");
  const values = form.getValues();
  return (
    <>
      <TextInput label={t("fields.name")} required data-testid={`${testPrefix}-name`} {...form.getInputProps("name")} />
      <TextInput label={t("fields.description")} {...form.getInputProps("description")} />
      <ChannelAgentSelect
        value={values.agent_id}
        onChange={(agentId) => {
          const change: Partial<SocialFieldValues> = agentId === null ? { agent_id: null, agent_active: false } : { agent_id: agentId };
          form.setValues(change as Partial<T>);
        }}
        error={form.errors.agent_id}
        testId={`${testPrefix}-agent`}
      />
      <Switch
        label={t("fields.agentActive")}
        description={t("fields.agentActiveHint")}
        disabled={values.agent_id === null}
        data-testid={`${testPrefix}-agent-active`}
        {...form.getInputProps("agent_active", { type: "checkbox" })}
      />
    </>
  );
}

/** Viber's own fields: the welcome message and the bot request still waiting for Viber's approval (spec §4). */
function ViberFields({ form }: { form: UseFormReturnType<SocialFieldValues & { welcome: string; awaiting_approval: boolean }> }) {
  const { t } = useTranslation("channels");
  return (
    <>
      <Textarea label={t("social.welcome")} description={t("social.welcomeHint")} autosize minRows={2} {...form.getInputProps("welcome")} />
      <Checkbox label={t("social.awaitingApproval")} data-testid="viber-awaiting" {...form.getInputProps("awaiting_approval", { type: "checkbox" })} />
    </>
  );
}

/** Connects a Viber bot by the token from the Viber Admin Panel; the server checks it with Viber first. */
export function ViberConnectDialog({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation("channels");
  const form = useForm({ mode: "controlled", initialValues: { ...blankSocial("Viber"), token: "", welcome: "", awaiting_approval: false } });
  const connect = useConnectViber({
    onSuccess: () => {
      form.reset();
      onDone();
    },
    onError: (error) => showServerErrors(error, form, { viber_token_invalid: "token", virtual_agent_required: "agent_id" }),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t("social.viberConnect")}>
      <form onSubmit={form.onSubmit((values) => connect.mutate(values))}>
        <Stack>
          <PasswordInput label={t("social.token")} description={t("social.tokenHint")} required data-testid="viber-token" {...form.getInputProps("token")} />
          <SocialFields form={form} testPrefix="viber" />
          <ViberFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={connect.isPending} data-testid="viber-connect-submit">
              {t("social.connect")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The values a connected channel's form starts from. */
export const socialValuesOf = (channel: SocialFieldValues): SocialFieldValues => ({
  name: channel.name,
  description: channel.description,
  agent_id: channel.agent_id,
  agent_active: channel.agent_active,
});

export const viberValuesOf = (channel: ViberChannelView) => ({
  ...socialValuesOf(channel),
  welcome: channel.welcome,
  awaiting_approval: channel.awaiting_approval,
});

/** A connected channel's edit form: `save` sends it to the channel's own route, `before` its common fields, `extra` after them (Viber's welcome and approval). */
function SocialEditForm<V extends SocialFieldValues>({
  save: send,
  initialValues,
  onDone,
  before,
  extra,
}: {
  save: (values: V) => Promise<unknown>;
  initialValues: V;
  onDone: () => void;
  before?: ReactNode;
  extra?: (form: UseFormReturnType<V>) => ReactNode;
}) {
  const { t } = useTranslation("channels");
  const form = useForm<V>({ mode: "controlled", initialValues });
  const save = useSaveSocialChannel(send, {
    onSuccess: onDone,
    onError: (error) => showServerErrors(error, form, { virtual_agent_required: "agent_id" }),
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        {before}
        <SocialFields form={form} testPrefix="social-edit" />
        {extra?.(form)}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="social-edit-save">
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Editing a connected Messenger Page's or Viber bot's channel; the Page or token stays as connected. */
export function SocialEditDialog({ channel, onClose, onDone }: { channel: ChannelView | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation("channels");
  const detail = useSocialChannel(channel);
  const data = detail.data?.id === channel?.id ? detail.data : undefined;
  return (
    <Modal opened={!!channel} onClose={onClose} title={t("social.editTitle")}>
      {data?.type === "viber" && (
        <SocialEditForm
          key={data.id}
          save={(values) => saveViberChannel(data.id, values)}
          initialValues={viberValuesOf(data)}
          onDone={onDone}
          extra={(form) => <ViberFields form={form} />}
        />
      )}
      {data?.type === "messenger" && (
        <SocialEditForm
          key={data.id}
          save={(values) => saveMessengerChannel(data.id, values)}
          initialValues={socialValuesOf(data)}
          onDone={onDone}
          before={
            <Text size="sm" c="dimmed">
              {t("social.page")}: {data.page_name}
            </Text>
          }
        />
      )}
    </Modal>
  );
}

/** The spec's guide: how a Page admin makes Holboo the primary receiver, so conversations can pass to the Page inbox and back. */
export function HandoverGuideDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("channels");
  return (
    <Modal opened={opened} onClose={onClose} title={t("social.handoverTitle")} size="lg">
      <Stack data-testid="handover-guide">
        <Text size="sm">{t("social.handoverGuide")}</Text>
        <List type="ordered" spacing="xs" size="sm">
          {(["one", "two", "three", "four"] as const).map((step) => (
            <List.Item key={step}>{t(`social.guideSteps.${step}`)}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("social.guideClose")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
