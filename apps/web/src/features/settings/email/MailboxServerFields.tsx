import { EMAIL_TLS_MODES, type EmailChannelView, type EmailOAuthProvider, type EmailOAuthSessionView } from "@holboo/core";
import { Button, Group, NumberInput, PasswordInput, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { Values } from "./email-form.ts";

interface Props {
  form: UseFormReturnType<Values>;
  editing: EmailChannelView | "new";
  /** The account a provider sign-in just came back with. */
  signedIn: EmailOAuthSessionView | null;
  signingIn: boolean;
  onSignInAgain: (provider: EmailOAuthProvider, mailboxId: number) => void;
}

/** The mailbox's name, address, IMAP and SMTP servers and its login: a password, or the provider account signed in. */
export function MailboxServerFields({ form, editing, signedIn, signingIn, onSignInAgain }: Props) {
  const { t } = useTranslation("channels");
  const tlsOptions = EMAIL_TLS_MODES.map((mode) => ({ value: mode, label: t(`email.tls.${mode}`) }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t("email.fields.name")} data-testid="email-name" {...form.getInputProps("name")} />
      <TextInput label={t("email.fields.address")} type="email" data-testid="email-address" {...form.getInputProps("address")} />
      <TextInput label={t("email.fields.imapHost")} placeholder="imap.example.mn" data-testid="email-imap-host" {...form.getInputProps("imap_host")} />
      <Group grow>
        <NumberInput label={t("email.fields.port")} min={1} max={65535} data-testid="email-imap-port" {...form.getInputProps("imap_port")} />
        <Select label={t("email.fields.tls")} data={tlsOptions} allowDeselect={false} data-testid="email-imap-tls" {...form.getInputProps("imap_tls")} />
      </Group>
      <TextInput label={t("email.fields.smtpHost")} placeholder="smtp.example.mn" data-testid="email-smtp-host" {...form.getInputProps("smtp_host")} />
      <Group grow>
        <NumberInput label={t("email.fields.port")} min={1} max={65535} data-testid="email-smtp-port" {...form.getInputProps("smtp_port")} />
        <Select label={t("email.fields.tls")} data={tlsOptions} allowDeselect={false} data-testid="email-smtp-tls" {...form.getInputProps("smtp_tls")} />
      </Group>
      {form.values.auth === "password" ? (
        <>
          <TextInput label={t("email.fields.username")} autoComplete="off" data-testid="email-username" {...form.getInputProps("username")} />
          <PasswordInput
            label={t("email.fields.password")}
            description={editing !== "new" ? t("email.passwordKept") : undefined}
            autoComplete="new-password"
            data-testid="email-password"
            {...form.getInputProps("password")}
          />
        </>
      ) : (
        <Group gap="xs" align="center" data-testid="email-oauth-account">
          <Text size="sm">
            {t("email.signedInAs", {
              provider: t(`email.providers.${form.values.auth}`),
              address: form.values.oauth_session ? (signedIn?.address ?? form.values.username) : form.values.username,
            })}
          </Text>
          {editing !== "new" && (
            <Button
              size="xs"
              variant="light"
              loading={signingIn}
              onClick={() => onSignInAgain(form.values.auth as EmailOAuthProvider, editing.id)}
              data-testid="email-reconnect"
            >
              {t("email.signInAgain")}
            </Button>
          )}
        </Group>
      )}
    </SimpleGrid>
  );
}
