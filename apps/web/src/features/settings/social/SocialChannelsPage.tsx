import type { ChannelView, ViberChannelView } from "@holboo/core";
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Tooltip } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconBrandMessenger, IconBrandViber } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmRemove } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, editAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { errorText, notifyError } from "../../../lib/api.ts";
import { usePermission } from "../../../lib/session.ts";
import { channelActiveColumn } from "../channel-columns.tsx";
import { useChannelActions } from "../channels/channel-actions.queries.ts";
import { useCompanyChannels } from "../channels/channels.queries.ts";
import { showServerErrors } from "../server-errors.ts";
import { blankSocial, HandoverGuideDialog, SocialEditDialog, SocialFields, ViberConnectDialog, viberValuesOf } from "./SocialChannelDialogs.tsx";
import { saveViberChannel, useConnectMessenger, useFacebookLogin, useMessengerPages, useSaveSocialChannel, useSocialChannel } from "./social.queries.ts";
import { errorMessage } from "../../../lib/errors.ts";

/** After Facebook Login: the person's Pages, one of which becomes the channel, with its name and agent. */
function MessengerPagePicker({ session, onDone }: { session: string; onDone: () => void }) {
  const { t } = useTranslation("channels");
  const form = useForm({ mode: "controlled", initialValues: { ...blankSocial(""), page_id: null as string | null } });
  const pages = useMessengerPages(session);
  const connect = useConnectMessenger({
    onSuccess: onDone,
    onError: (error) => showServerErrors(error, form, { virtual_agent_required: "agent_id" }),
  });
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={form.onSubmit(({ page_id, ...values }) => {
          if (page_id) connect.mutate({ ...values, page_id, session });
        })}
      >
        <Stack>
          <Select
            label={t("social.choosePage")}
            data={(pages.data?.items ?? []).map((page) => ({ value: page.id, label: page.name }))}
            value={form.values.page_id}
            onChange={(pageId) => {
              form.setFieldValue("page_id", pageId);
              const page = pages.data?.items.find((p) => p.id === pageId);
              if (page && !form.values.name) form.setFieldValue("name", page.name);
            }}
            data-testid="messenger-page"
          />
          <SocialFields form={form} testPrefix="messenger" />
          {pages.error && <Alert color="red">{errorText(pages.error)}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" disabled={!form.values.page_id} loading={connect.isPending} data-testid="messenger-connect-submit">
              {t("social.connect")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A Viber bot whose creation request waits for Viber: said on its row until an admin marks it approved. */
function ViberApproval({ channel, canEdit, onDone }: { channel: ChannelView; canEdit: boolean; onDone: () => void }) {
  const { t } = useTranslation("channels");
  const detail = useSocialChannel(channel);
  const approve = useSaveSocialChannel((view: ViberChannelView) => saveViberChannel(view.id, { ...viberValuesOf(view), awaiting_approval: false }), {
    onSuccess: onDone,
    onError: notifyError,
  });
  const view = detail.data?.type === "viber" ? detail.data : undefined;
  if (!view?.awaiting_approval) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={t("social.awaitingText")} multiline w={280}>
        <Badge color="orange" variant="light" data-testid="viber-awaiting-badge">
          {t("social.awaitingBadge")}
        </Badge>
      </Tooltip>
      {canEdit && (
        <Button size="compact-xs" variant="light" color="teal" loading={approve.isPending} onClick={() => approve.mutate(view)} data-testid="viber-approve">
          {t("social.markApproved")}
        </Button>
      )}
    </Group>
  );
}

/** /settings/social: the company's Messenger Pages and Viber bots, connected, switched and removed here. */
export function SocialChannelsPage() {
  const { t } = useTranslation("channels");
  const canEdit = usePermission("settings.edit");
  const [params, setParams] = useSearchParams();
  const [viberOpen, setViberOpen] = useState(false);
  const [guideOpen, setGuideOpen] = useState(false);
  const [editing, setEditing] = useState<ChannelView | null>(null);
  const [removing, setRemoving] = useState<ChannelView | null>(null);
  const session = params.get("messenger_session");
  const loginError = params.get("messenger_error");
  const list = useCompanyChannels();
  const { refresh, toggle, remove } = useChannelActions();
  const facebook = useFacebookLogin();
  const channels = (list.data?.items ?? []).filter((c) => c.type === "messenger" || c.type === "viber");
  return (
    <ListPage
      title={t("social.title")}
      actions={
        canEdit && (
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
        )
      }
      intro={
        <>
          {facebook.error && <Alert color="red">{errorText(facebook.error)}</Alert>}
          {loginError && <Alert color="red">{errorMessage("messenger_page_connect_failed")}</Alert>}
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
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t("social.handoverGuide")}</Text>
              <Button size="xs" variant="light" onClick={() => setGuideOpen(true)} data-testid="handover-guide-open">
                {t("social.guideOpen")}
              </Button>
            </Group>
          </Alert>
        </>
      }
      query={list}
      rows={channels}
      empty={{ text: t("emptyHelp.social") }}
      table={{
        minWidth: 520,
        rowKey: (channel) => channel.id,
        rowTestId: (channel) => `social-channel-${channel.type}`,
        columns: [
          {
            key: "name",
            header: t("fields.name"),
            cell: (channel) => (
              <Group gap="xs">
                {channel.type === "viber" ? <IconBrandViber size={18} /> : <IconBrandMessenger size={18} />}
                <Text fw={500}>{channel.name}</Text>
              </Group>
            ),
          },
          {
            key: "account",
            header: t("social.account"),
            cell: (channel) => (
              <Stack gap={4}>
                <Text size="sm">{channel.number}</Text>
                {channel.type === "viber" && <ViberApproval channel={channel} canEdit={canEdit} onDone={() => void refresh()} />}
              </Stack>
            ),
          },
          channelActiveColumn(t("fields.active"), canEdit, toggle.mutate),
        ],
        rowActions: (channel) => (
          <RowActions
            actions={[
              canEdit && editAction(t("social.edit"), () => setEditing(channel), `social-edit-${channel.type}`),
              canEdit && deleteAction(t("delete"), () => setRemoving(channel)),
            ]}
          >
            <Badge variant="light">{t(`types.${channel.type}`)}</Badge>
          </RowActions>
        ),
      }}
    >
      <ViberConnectDialog
        opened={viberOpen}
        onClose={() => setViberOpen(false)}
        onDone={() => {
          setViberOpen(false);
          void refresh();
        }}
      />
      <SocialEditDialog
        channel={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <HandoverGuideDialog opened={guideOpen} onClose={() => setGuideOpen(false)} />
      <ConfirmRemove
        item={removing}
        title={t("deleteTitle")}
        message={t("deleteText", { name: removing?.name ?? "" })}
        onRemove={(channel) => remove.mutate(channel)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
