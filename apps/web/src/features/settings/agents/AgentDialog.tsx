import { AgentInput, type AgentUpdateInput, type AgentView, type ErrorCode, LIMITS } from "@holboo/core";
import { Avatar, Button, Checkbox, FileButton, Group, Modal, MultiSelect, SegmentedControl, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LOGO_TYPES, logoFileProblem } from "../../../components/shared/logo-file.ts";
import { api, fieldErrors } from "../../../lib/api.ts";
import { validate } from "../../../lib/forms.ts";
import { channelKeys } from "../channels/channels.keys.ts";
import { useCompanyChannels } from "../channels/channels.queries.ts";
import { agentKeys } from "./agents.keys.ts";
import { useFolders } from "./agents.queries.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { fileSize } from "../../../components/shared/file-size.ts";

type Served = Record<number, boolean>;

/** Add or edit a virtual agent: name, photo, type, active, primary, the channels it serves and its knowledge folders. */
export function AgentDialog({ agent, agents, onClose }: { agent: AgentView | null; agents: AgentView[]; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const client = useQueryClient();
  const channels = useCompanyChannels();
  const folders = useFolders();
  const [name, setName] = useState(agent?.name ?? "");
  const [type, setType] = useState<AgentView["agent_type"]>(agent?.agent_type ?? "social_agent");
  const [active, setActive] = useState(agent?.active ?? true);
  const [primary, setPrimary] = useState(agent?.is_primary ?? false);
  const [served, setServed] = useState<Served>(Object.fromEntries((agent?.channels ?? []).map((c) => [c.id, c.active])));
  const [folderIds, setFolderIds] = useState<string[]>((agent?.folders ?? []).map((f) => String(f.id)));
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photoProblem, setPhotoProblem] = useState<ErrorCode | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const byId = new Map(agents.map((a) => [a.id, a]));
  const save = useMutation({
    mutationFn: async (body: AgentUpdateInput) => {
      const saved = agent ? await api.put("/api/virtual-agents/:id", { params: { id: agent.id }, body }) : await api.post("/api/virtual-agents", { body });
      if (photo) {
        const data = new FormData();
        data.append("file", photo);
        await api.upload("/api/virtual-agents/:id/photo", data, { id: saved.id });
      }
      return saved;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: agentKeys.all });
      void client.invalidateQueries({ queryKey: channelKeys.all });
      onClose();
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const choosePhoto = (file: File | null) => {
    if (!file) return;
    const problem = logoFileProblem(file);
    setPhotoProblem(problem === "logo_too_large" ? "agent_photo_too_large" : problem === "logo_not_image" ? "agent_photo_not_image" : null);
    if (problem) return;
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  };
  const submit = () => {
    const body = {
      name,
      agent_type: type,
      active,
      channels: Object.entries(served).map(([id, started]) => ({ channel_id: Number(id), active: started })),
      folder_ids: folderIds.map(Number),
      ...(agent && primary && !agent.is_primary ? { is_primary: true } : {}),
    };
    const checked = validate(AgentInput, body);
    if (!checked.ok) return setErrors(checked.errors);
    save.mutate(body);
  };
  return (
    <Modal opened onClose={onClose} title={t(agent ? "agents.edit" : "agents.add")} size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack>
          <Group align="center">
            <Avatar src={preview ?? agent?.photo_url} size={64} radius="xl" color="indigo" variant="light" alt={t("agents.photo")}>
              {name.slice(0, 1).toLocaleUpperCase()}
            </Avatar>
            <Stack gap={4}>
              <FileButton onChange={choosePhoto} accept={LOGO_TYPES.join(",")}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} data-testid="agent-photo">
                    {t("agents.choosePhoto")}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t("agents.photoHint", { size: fileSize(LIMITS.logoBytes) })}
              </Text>
              {photoProblem && (
                <Text size="xs" c="red" role="alert">
                  {errorMessage(photoProblem)}
                </Text>
              )}
            </Stack>
          </Group>
          <TextInput
            label={t("agents.name")}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
            data-testid="agent-name"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("agents.type")}
            </Text>
            <SegmentedControl
              value={type}
              onChange={(value) => setType(value as AgentView["agent_type"])}
              data={[
                { value: "social_agent", label: t("agents.types.social_agent") },
                { value: "call_operator", label: t("agents.types.call_operator") },
              ]}
            />
            <Text size="xs" c="dimmed">
              {t(`agents.typeHint.${type}`)}
            </Text>
          </Stack>
          <Group>
            <Switch label={t("agents.active")} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
            {agent && (
              <Checkbox label={t("agents.makePrimary")} checked={primary} disabled={agent.is_primary} onChange={(e) => setPrimary(e.currentTarget.checked)} />
            )}
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("agents.channels")}
            </Text>
            {channels.data && !channels.data.items.length ? (
              <Text size="sm" c="dimmed">
                {t("agents.noChannels")}
              </Text>
            ) : (
              <Table data-testid="agent-channels">
                <Table.Tbody>
                  {channels.data?.items.map((channel) => {
                    const other = channel.agent_id !== null && channel.agent_id !== agent?.id ? byId.get(channel.agent_id) : undefined;
                    const takenElsewhere = !!other && channel.agent_active;
                    const serving = channel.id in served;
                    return (
                      <Table.Tr key={channel.id}>
                        <Table.Td>
                          <Checkbox
                            label={channel.name}
                            checked={serving}
                            disabled={takenElsewhere}
                            data-testid={`agent-channel-${channel.id}`}
                            onChange={(e) => {
                              const next = { ...served };
                              if (e.currentTarget.checked) next[channel.id] = true;
                              else delete next[channel.id];
                              setServed(next);
                            }}
                          />
                          {other && (
                            <Text size="xs" c="dimmed" ml={30}>
                              {t(takenElsewhere ? "agents.servedBy" : "agents.endedBy", { name: other.name })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {serving && (
                            <Switch
                              size="xs"
                              label={t(served[channel.id] ? "agents.started" : "agents.ended")}
                              checked={served[channel.id] ?? false}
                              onChange={(e) => setServed({ ...served, [channel.id]: e.currentTarget.checked })}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
            {errors.channels && (
              <Text size="xs" c="red" role="alert">
                {errors.channels}
              </Text>
            )}
          </Stack>
          <MultiSelect
            label={t("agents.folders")}
            description={t("agents.foldersHint")}
            data={(folders.data?.items ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
            value={folderIds}
            onChange={setFolderIds}
            error={errors.folder_ids}
            searchable
            data-testid="agent-folders"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="agent-save">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
