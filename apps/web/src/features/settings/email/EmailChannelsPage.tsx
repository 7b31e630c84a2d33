import { EMAIL_OAUTH_PROVIDERS, type EmailChannelView } from "@holboo/core";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { errorText } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useMe, usePermission } from "../../../lib/session.ts";
import { blank, valuesOf, type Values } from "./email-form.ts";
import { useEmailSignIn, useMailboxes } from "./email.queries.ts";
import { MailboxForm } from "./MailboxForm.tsx";
import { MailboxTable } from "./MailboxTable.tsx";
import { useEmailOAuthReturn } from "./useEmailOAuthReturn.ts";

/**
 * Settings → Channels → Mail: the company's mailboxes (IMAP + SMTP with a password, or Google / Microsoft by
 * OAuth2: the browser signs in there and comes back with `?email_oauth=`); saving checks the login on both servers.
 */
export function EmailChannelsPage() {
  const { t } = useTranslation("channels");
  const { data: me } = useMe();
  const canEdit = usePermission("settings.edit");
  const [editing, setEditing] = useState<EmailChannelView | "new" | null>(null);
  const list = useMailboxes(me?.company_id);
  const form = useForm<Values>({ initialValues: blank });
  const open = (target: EmailChannelView | "new", patch: Partial<Values> = {}) => {
    form.setValues({ ...(target === "new" ? blank : valuesOf(target)), ...patch });
    form.clearErrors();
    setEditing(target);
  };
  const { signIn, start: startSignIn } = useEmailSignIn();
  const oauth = useEmailOAuthReturn(list.data?.items, open);
  const mailboxes = list.data?.items ?? [];
  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={2}>{t("email.title")}</Title>
        {canEdit && editing === null && (
          <Group gap="xs">
            {EMAIL_OAUTH_PROVIDERS.map((provider) => (
              <Button
                key={provider}
                variant="light"
                loading={signIn.isPending && signIn.variables === provider}
                onClick={() => startSignIn(provider, null)}
                data-testid={`email-connect-${provider}`}
              >
                {t(`email.connectWith.${provider}`)}
              </Button>
            ))}
            <Button onClick={() => open("new")} data-testid="email-add">
              {t("email.add")}
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t("email.intro")}
      </Text>
      {signIn.error && <Alert color="red">{errorText(signIn.error)}</Alert>}
      {oauth.failed && (
        <Alert color="red" data-testid="email-oauth-error">
          {errorMessage("email_oauth_failed")}
        </Alert>
      )}
      {editing !== null && (
        <MailboxForm
          form={form}
          editing={editing}
          signedIn={oauth.signedIn}
          signingIn={signIn.isPending}
          onSignInAgain={startSignIn}
          onClose={() => setEditing(null)}
        />
      )}
      {list.isError || (mailboxes.length === 0 && editing === null) ? (
        <ListEmpty
          failed={list.isError}
          onRetry={() => void list.refetch()}
          text={t("email.empty")}
          action={canEdit && { label: t("email.add"), onClick: () => open("new") }}
        />
      ) : (
        <MailboxTable mailboxes={mailboxes} onEdit={open} onSignInAgain={startSignIn} />
      )}
    </Stack>
  );
}
