import type { FlowNodeKind } from "@holboo/core";
import { FLOW_EDGE_TYPES, FLOW_NODE_COLOURS, FLOW_NODE_KINDS, type FlowEdgeType } from "@holboo/core";
import { Button, Paper, Select, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Kinds a call operator cannot run (callers neither type questions nor enter subflows yet): left out of its palette. */
const CHAT_ONLY_KINDS = new Set<FlowNodeKind>(["question", "subflow"]);

/** Beside the canvas: a button per node kind the flow can run, and the type new edges are drawn with. */
export function NodePalette({
  voice,
  edgeType,
  onEdgeType,
  onAdd,
}: {
  voice: boolean;
  edgeType: FlowEdgeType;
  onEdgeType: (type: FlowEdgeType) => void;
  onAdd: (kind: FlowNodeKind) => void;
}) {
  const { t } = useTranslation("flows");
  return (
    <Paper withBorder p="xs" w={150}>
      <Stack gap={6}>
        <Text size="xs" fw={600}>
          {t("addNode")}
        </Text>
        {FLOW_NODE_KINDS.filter((kind) => !voice || !CHAT_ONLY_KINDS.has(kind)).map((kind) => (
          <Button key={kind} size="compact-sm" color={FLOW_NODE_COLOURS[kind]} onClick={() => onAdd(kind)} data-testid={`palette-${kind}`}>
            {t(`kinds.${kind}`)}
          </Button>
        ))}
        <Select
          size="xs"
          label={t("edgeType")}
          data={FLOW_EDGE_TYPES.map((type) => ({ value: type, label: t(`edgeTypes.${type}`) }))}
          value={edgeType}
          onChange={(value) => onEdgeType((value ?? "smooth") as FlowEdgeType)}
          allowDeselect={false}
        />
      </Stack>
    </Paper>
  );
}
