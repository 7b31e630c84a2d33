import { errorMessage, type ChannelView, type MessengerChannelView, type ViberChannelView } from "@holboo/core";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconBrandMessenger, IconBrandViber, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/shared/EmptyState.tsx";
import { api, errorText } from "../../../lib/api.ts";
import { currentLocale } from "../../../i18n/index.ts";
import { useMe, usePermission } from "../../../lib/session.ts";
import { showServerErrors } from "../server-errors.ts";

/** Connects a Viber bot by the token from the Viber Admin Panel; the server checks it with Viber first. */
function ViberConnectDialog({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation("channels");
  const form = useForm({ initialValues: { name: "Viber", token: "", welcome: "", awaiting_approval: false } });
  const connect = useMutation({
    mutationFn: (values: typeof form.values) => api.post<ViberChannelView>("/api/viber-channels", values),
    onSuccess: () => {
      form.reset();
      onDone();
    },
    onError: (error) => showServerErrors(error, form, { viber_token_invalid: "token" }),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t("social.viberConnect")}>
      <form onSubmit={form.onSubmit((values) => connect.mutate(values))}>
        <Stack>
          <TextInput label={t("fields.name")} required {...form.getInputProps("name")} />
          <PasswordInput label={t("social.token")} description={t("social.tokenHint")} required data-testid="viber-token" {...form.getInputProps("token")} />
          <Textarea label={t("social.welcome")} description={t("social.welcomeHint")} autosize minRows={2} {...form.getInputProps("welcome")} />
          <Checkbox label={t("social.awaitingApproval")} {...form.getInputProps("awaiting_approval", { type: "checkbox" })} />
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

/** After Facebook Login: the person's Pages, one of which becomes the channel. */
function MessengerPagePicker({ session, onDone }: { session: string; onDone: () => void }) {
  const { t } = useTranslation("channels");
  const [pageId, setPageId] = useState<string | null>(null);
  const pages = useQuery({
    queryKey: ["messenger-pages", session],
    queryFn: () => api.post<{ items: Array<{ id: string; name: string }> }>("/api/messenger/pages", { session }),
  });
  const connect = useMutation({
    mutationFn: () => {
      const page = pages.data?.items.find((p) => p.id === pageId);
      return api.post<MessengerChannelView>("/api/messenger-channels", { session, page_id: pageId, name: page?.name ?? "Messenger" });
    },
    onSuccess: onDone,
  });
  return (
    <Paper withBorder p="md">
      <Stack>
        <Select
          label={t("social.choosePage")}
          data={(pages.data?.items ?? []).map((page) => ({ value: page.id, label: page.name }))}
          value={pageId}
          onChange={setPageId}
          data-testid="messenger-page"
        />
        {connect.error && <Alert color="red">{errorText(connect.error)}</Alert>}
        {pages.error && <Alert color="red">{errorText(pages.error)}</Alert>}
        <Group justify="flex-end">
          <Button disabled={!pageId} loading={connect.isPending} onClick={() => connect.mutate()} data-testid="messenger-connect-submit">
            {t("social.connect")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /settings/social: the company's Messenger Pages and Viber bots, connected, switched and removed here. */
export function SocialChannelsPage() {
  const { t } = useTranslation("channels");
  const { data: me } = useMe();
  const canEdit = usePermission("settings.edit");
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [viberOpen, setViberOpen] = useState(false);
  const [removing, setRemoving] = useState<ChannelView | null>(null);
  const session = params.get("messenger_session");
  const loginError = params.get("messenger_error");
  const list = useQuery({
    queryKey: ["channels", me?.company_id],
    queryFn: () => api.get<{ items: ChannelView[] }>(`/api/company/${me?.company_id}/channel`),
    enabled: !!me,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["channels"] });
  const toggle = useMutation({ mutationFn: (c: ChannelView) => api.put(`/api/channels/${c.id}/active`, { active: !c.active }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (c: ChannelView) => api.del(`/api/channels/${c.id}`), onSuccess: refresh });
  const facebook = useMutation({
    mutationFn: () => api.get<{ url: string }>("/api/messenger/login"),
    onSuccess: (login) => window.location.assign(login.url),
  });
  const channels = (list.data?.items ?? []).filter((c) => c.type === "messenger" || c.type === "viber");
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("social.title")}</Title>
        {canEdit && (
          <Group gap="xs">
            <Button
              leftSection={<IconBrandMessenger size={16} />}
              loading={facebook.isPending}
              onClick={() => facebook.mutate()}
              data-testid="connect-messenger"
            >
              {t("social.messengerConnect")}
            </Button>
            <Button leftSection={<IconBrandViber size={16} />} color="violet" onClick={() => setViberOpen(true)} data-testid="connect-viber">
              {t("social.viberConnect")}
            </Button>
          </Group>
        )}
      </Group>
      {facebook.error && <Alert color="red">{errorText(facebook.error)}</Alert>}
      {loginError && <Alert color="red">{errorMessage("messenger_page_connect_failed", currentLocale())}</Alert>}
      {session && (
        <MessengerPagePicker
          session={session}
          onDone={() => {
            setParams({});
            void refresh();
          }}
        />
      )}
      <Alert color="blue" title={t("social.handoverTitle")}>
        {t("social.handoverGuide")}
      </Alert>
      <Paper withBorder p="md">
        {list.data && !channels.length ? (
          <EmptyState onRetry={() => void list.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("fields.name")}</Table.Th>
                  <Table.Th>{t("social.account")}</Table.Th>
                  <Table.Th>{t("fields.active")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.map((channel) => (
                  <Table.Tr key={channel.id} data-testid={`social-channel-${channel.type}`}>
                    <Table.Td>
                      <Group gap="xs">
                        {channel.type === "viber" ? <IconBrandViber size={18} /> : <IconBrandMessenger size={18} />}
                        <Text fw={500}>{channel.name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{channel.number}</Table.Td>
                    <Table.Td>
                      <Switch checked={channel.active} disabled={!canEdit} onChange={() => toggle.mutate(channel)} aria-label={t("fields.active")} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end">
                        <Badge variant="light">{t(`types.${channel.type}`)}</Badge>
                        {canEdit && (
                          <ActionIcon variant="subtle" color="red" aria-label={t("delete")} onClick={() => setRemoving(channel)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ViberConnectDialog
        opened={viberOpen}
        onClose={() => setViberOpen(false)}
        onDone={() => {
          setViberOpen(false);
          void refresh();
        }}
      />
      <ConfirmDialog
        opened={!!removing}
        title={t("deleteTitle")}
        message={t("deleteText", { name: removing?.name ?? "" })}
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
