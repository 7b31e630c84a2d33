import type { FlowSummaryView } from "@holboo/core";
import { Badge, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmRemove } from "../../../components/shared/ConfirmDialog.tsx";
import { deleteAction, RowActions } from "../../../components/shared/DataTable.tsx";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { RelativeTime } from "../../../components/shared/RelativeTime.tsx";
import { TagInput } from "../../../components/shared/TagInput.tsx";
import { fieldErrors } from "../../../lib/api.ts";
import { usePermission } from "../../../lib/session.ts";
import { useCreateFlow, useFlowRowActions, useFlows } from "./flows.queries.ts";

export const STATUS_COLOURS: Record<FlowSummaryView["status"], string> = { draft: "gray", published: "green", off: "orange" };

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("flows");
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [topics, setTopics] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateFlow({
    onSuccess: (flow) => void navigate(`/settings/flow/${flow.id}`),
    onError: (e) => setErrors(fieldErrors(e)),
  });
  return (
    <Modal opened onClose={onClose} title={t("create")} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ title, topics });
        }}
      >
        <Stack>
          <TextInput
            label={t("flowTitle")}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            data-autofocus
            data-testid="flow-title"
          />
          <TagInput
            label={t("topics")}
            description={t("topicsHint")}
            value={topics}
            onChange={setTopics}
            maxTags={10}
            maxLength={40}
            error={errors.topics ?? Object.entries(errors).find(([field]) => field.startsWith("topics."))?.[1]}
            data-testid="flow-topics"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SmallTime({ value }: { value: string }) {
  return (
    <Text size="xs">
      <RelativeTime value={value} />
    </Text>
  );
}

/** /settings/flow: every flow with its status and figures; create, duplicate, delete. */
export function FlowsPage() {
  const { t } = useTranslation("flows");
  const canEdit = usePermission("settings.edit");
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<FlowSummaryView | null>(null);
  const list = useFlows();
  const { duplicate, remove } = useFlowRowActions();
  const create = () => setCreating(true);
  return (
    <ListPage
      title={t("title")}
      primaryAction={canEdit && { label: t("create"), onClick: create, testId: "add-flow" }}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.flows"), action: canEdit && { label: t("create"), onClick: create } }}
      table={{
        testId: "flows-table",
        minWidth: 760,
        rowKey: (flow) => flow.id,
        rowTestId: (flow) => `flow-row-${flow.id}`,
        columns: [
          {
            key: "title",
            header: t("flowTitle"),
            cell: (flow) => (
              <Text component={Link} to={`/settings/flow/${flow.id}`} fw={600} c="blue">
                {flow.title}
              </Text>
            ),
          },
          {
            key: "status",
            header: t("status"),
            cell: (flow) => (
              <Badge color={STATUS_COLOURS[flow.status]} variant="light">
                {t(`statuses.${flow.status}`)}
              </Badge>
            ),
          },
          { key: "accuracy", header: t("accuracy"), cell: (flow) => (flow.accuracy === null ? "—" : `${Math.round(flow.accuracy * 100)}%`) },
          {
            key: "usage",
            header: t("usage"),
            cellTestId: "flow-usage",
            cell: (flow) => (
              <>
                {flow.usage_count}
                <Text span size="xs" c="dimmed">
                  {" "}
                  ({t("outcomes", { success: flow.success_count, fail: flow.fail_count })})
                </Text>
              </>
            ),
          },
          {
            key: "topics",
            header: t("topics"),
            cell: (flow) => (
              <Group gap={4}>
                {flow.topics.map((topic) => (
                  <Badge key={topic} variant="outline" size="sm">
                    {topic}
                  </Badge>
                ))}
              </Group>
            ),
          },
          { key: "created", header: t("created"), cell: (flow) => <SmallTime value={flow.created_at} /> },
          { key: "updated", header: t("updated"), cell: (flow) => <SmallTime value={flow.updated_at} /> },
        ],
        rowActions: canEdit
          ? (flow) => (
              <RowActions
                actions={[
                  { label: t("duplicate"), icon: <IconCopy size={16} />, onClick: () => duplicate.mutate(flow) },
                  deleteAction(t("delete"), () => setRemoving(flow)),
                ]}
              />
            )
          : undefined,
      }}
    >
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      <ConfirmRemove
        item={removing}
        title={t("deleteTitle")}
        message={t("deleteText", { name: removing?.title ?? "" })}
        onRemove={(flow) => remove.mutate(flow)}
        onClose={() => setRemoving(null)}
      />
    </ListPage>
  );
}
