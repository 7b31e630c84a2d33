import { AgentInput, type AgentView } from "@holboo/core";
import { Button, Checkbox, Group, Modal, MultiSelect, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/api.ts";
import { validate } from "../../../lib/forms.ts";
import { AgentChannelsPicker, type Served } from "./AgentChannelsPicker.tsx";
import { AgentPhotoPicker } from "./AgentPhotoPicker.tsx";
import { useFolders, useSaveAgent } from "./agents.queries.ts";

/** Add or edit a virtual agent: name, photo, type, active, primary, the channels it serves and its knowledge folders. */
export function AgentDialog({ agent, agents, onClose }: { agent: AgentView | null; agents: AgentView[]; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const folders = useFolders();
  const [name, setName] = useState(agent?.name ?? "");
  const [type, setType] = useState<AgentView["agent_type"]>(agent?.agent_type ?? "social_agent");
  const [active, setActive] = useState(agent?.active ?? true);
  const [primary, setPrimary] = useState(agent?.is_primary ?? false);
  const [served, setServed] = useState<Served>(Object.fromEntries((agent?.channels ?? []).map((c) => [c.id, c.active])));
  const [folderIds, setFolderIds] = useState<string[]>((agent?.folders ?? []).map((f) => String(f.id)));
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAgent(agent, photo, { onSaved: onClose, onError: (error) => setErrors(fieldErrors(error)) });
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
          <AgentPhotoPicker current={agent?.photo_url} name={name} onChoose={setPhoto} />
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
              onChange={(value) => setType(value === "call_operator" ? "call_operator" : "social_agent")}
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
          <AgentChannelsPicker agent={agent} agents={agents} served={served} onChange={setServed} error={errors.channels} />
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
