import { QA_FILTERS, type QaFilter } from "@holboo/core";
import { Button, Group, Paper, Stack, Tabs, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useListParams } from "../../components/record-list/useListParams.ts";
import { usePermission } from "../../lib/session.ts";
import { KnowledgeTabs } from "./KnowledgeTabs.tsx";
import { QaDialog } from "./QaDialogs.tsx";
import { QaPairsTable } from "./QaPairsTable.tsx";
import { QaQuestionsTable } from "./QaQuestionsTable.tsx";

const FILTERS = ["filter"] as const;
const isFilter = (value: string | null): value is QaFilter => (QA_FILTERS as readonly (string | null)[]).includes(value);

/** /knowledge/qa: the pairs (edited manually, auto-generated) and the question log by outcome (spec §4 filters). */
export function QaPage() {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const list = useListParams(FILTERS);
  const raw = list.filters.filter ?? null;
  const filter: QaFilter = isFilter(raw) ? raw : "manual";
  const [adding, setAdding] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("qaTitle")}</Title>
        {canEdit && (
          <Button onClick={() => setAdding(true)} data-testid="add-qa">
            {t("qa.add")}
          </Button>
        )}
      </Group>
      <KnowledgeTabs />
      <Paper withBorder p="md">
        <Stack>
          <Tabs
            variant="pills"
            value={filter}
            // A pairs search means nothing to the question log: a new filter starts with none.
            onChange={(value) => list.patch({ filter: value, q: null })}
          >
            <Tabs.List>
              {QA_FILTERS.map((f) => (
                <Tabs.Tab key={f} value={f}>
                  {t(`qa.filters.${f}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {filter === "manual" || filter === "auto" ? (
            <QaPairsTable key={filter} source={filter === "manual" ? "reviewed" : "auto"} list={list} />
          ) : (
            <QaQuestionsTable key={filter} outcome={filter} list={list} />
          )}
        </Stack>
      </Paper>
      {adding && <QaDialog pair={null} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
