import type { FlowProblem, FlowView } from "@holboo/core";
import { Alert, Badge, Button, Group, List, Title, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { STATUS_COLOURS } from "./FlowsPage.tsx";

interface HeaderProps {
  flow: FlowView;
  canEdit: boolean;
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onArrange: () => void;
  onSave: () => void;
  onPublish: () => void;
  onSwitchOff: () => void;
  testing: boolean;
  onToggleTest: () => void;
}

/** Above the canvas: back to the list, the flow's title and status, and (for editors) its commands. */
export function FlowCanvasHeader(props: HeaderProps) {
  const { flow, canEdit, dirty, saving, publishing, onUndo, onRedo, onArrange, onSave, onPublish, onSwitchOff, testing, onToggleTest } = props;
  const { t } = useTranslation("flows");
  return (
    <Group justify="space-between">
      <Group>
        <Button component={Link} to="/settings/flow" variant="subtle" size="compact-sm">
          ← {t("title")}
        </Button>
        <Title order={3}>{flow.title}</Title>
        <Badge color={STATUS_COLOURS[flow.status]} variant="light" data-testid="flow-status">
          {t(`statuses.${flow.status}`)}
          {flow.version ? ` · v${flow.version}` : ""}
        </Badge>
      </Group>
      <Group gap="xs">
        <Button variant={testing ? "filled" : "light"} size="xs" onClick={onToggleTest} aria-pressed={testing} data-testid="flow-test-toggle">
          {t("testChat")}
        </Button>
        {canEdit && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onUndo} aria-label={t("undo")}>
              {t("undo")}
            </Button>
            <Button variant="default" size="xs" onClick={onRedo} aria-label={t("redo")}>
              {t("redo")}
            </Button>
            <Button variant="default" size="xs" onClick={onArrange} data-testid="flow-arrange">
              {t("arrange")}
            </Button>
            <Button variant="default" size="xs" onClick={onSave} loading={saving} disabled={!dirty} data-testid="flow-save">
              {t("save")}
            </Button>
            {flow.status === "published" && (
              <Button variant="light" color="orange" size="xs" onClick={onSwitchOff}>
                {t("switchOff")}
              </Button>
            )}
            <Button size="xs" onClick={onPublish} loading={publishing} data-testid="flow-publish">
              {t("publish")}
            </Button>
          </Group>
        )}
      </Group>
    </Group>
  );
}

/** What stops the flow from being published; a problem on a node opens that node's editor. */
export function FlowProblems({ problems, onPick, onClose }: { problems: FlowProblem[]; onPick: (nodeId: string) => void; onClose: () => void }) {
  const { t } = useTranslation("flows");
  if (problems.length === 0) return null;
  return (
    <Alert color="red" title={t("problemsTitle")} data-testid="flow-problems" withCloseButton onClose={onClose}>
      <List size="sm">
        {problems.map((problem, index) => (
          <List.Item key={index}>
            <UnstyledButton onClick={() => problem.node_id && onPick(problem.node_id)}>
              {t(`problems.${problem.code}`)}
              {problem.node_id ? ` (${problem.node_id})` : ""}
            </UnstyledButton>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
