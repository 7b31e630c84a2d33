import { EMAIL_AGENT_MODES, EmailChannelInput, LIMITS, type EmailChannelView, type EmailOAuthProvider, type EmailOAuthSessionView } from "@holboo/core";
import { Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Textarea } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/api.ts";
import { validate } from "../../../lib/forms.ts";
import { ChannelAgentSelect } from "../ChannelAgentSelect.tsx";
import type { Values } from "./email-form.ts";
import { useSaveMailbox } from "./email.queries.ts";
import { MailboxServerFields } from "./MailboxServerFields.tsx";

interface Props {
  form: UseFormReturnType<Values>;
  editing: EmailChannelView | "new";
  signedIn: EmailOAuthSessionView | null;
  signingIn: boolean;
  onSignInAgain: (provider: EmailOAuthProvider, mailboxId: number) => void;
  onClose: () => void;
}

/** A new or edited mailbox: servers and login, its virtual agent, signature, history import; checked, then saved. */
export function MailboxForm({ form, editing, onClose, ...signIn }: Props) {
  const { t } = useTranslation("channels");
  const save = useSaveMailbox(editing, { onSaved: onClose, onError: (error) => form.setErrors(fieldErrors(error)) });
  const submit = form.onSubmit((values) => {
    const checked = validate(EmailChannelInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(values);
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <MailboxServerFields form={form} editing={editing} {...signIn} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ChannelAgentSelect
              value={form.values.agent_id}
              onChange={(agentId) => {
                form.setFieldValue("agent_id", agentId);
                if (agentId === null) form.setFieldValue("agent_active", false);
              }}
              error={form.errors.agent_id}
              testId="email-agent"
            />
            <Select
              label={t("email.fields.agentMode")}
              data={EMAIL_AGENT_MODES.map((mode) => ({ value: mode, label: t(`email.agentModes.${mode}`) }))}
              allowDeselect={false}
              disabled={form.values.agent_id === null}
              data-testid="email-agent-mode"
              {...form.getInputProps("agent_mode")}
            />
            <Switch
              mt="lg"
              label={t("email.fields.agentActive")}
              disabled={form.values.agent_id === null}
              data-testid="email-agent-active"
              {...form.getInputProps("agent_active", { type: "checkbox" })}
            />
          </SimpleGrid>
          <Textarea label={t("email.fields.signature")} autosize minRows={2} {...form.getInputProps("signature")} />
          {editing === "new" && (
            <NumberInput
              label={t("email.fields.importDays")}
              description={t("email.importDaysHint")}
              min={0}
              max={LIMITS.emailImportMaxDays}
              maw={360}
              data-testid="email-import-days"
              {...form.getInputProps("import_days")}
            />
          )}
          <Checkbox label={t("email.fields.copyToSent")} {...form.getInputProps("copy_to_sent", { type: "checkbox" })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("email.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="email-save">
              {t("email.connect")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
