import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { RecordList } from "../../components/record-list/RecordList.tsx";
import { usePermission } from "../../lib/session.ts";
import { IssueFilters } from "./IssueFilters.tsx";
import { IssueFormModal } from "./IssueFormModal.tsx";
import { IssuesTable } from "./IssuesTable.tsx";
import { useIssueList } from "./issues.queries.ts";
import { useIssueListParams } from "./useIssueListParams.ts";

const PAGE_SIZE = 20;

/** /issues: the issues this user may see, filtered, searched and paginated (all of it in the address). */
export function IssuesPage() {
  const { t } = useTranslation("issues");
  const navigate = useNavigate();
  const canEdit = usePermission("issue.edit");
  const [creating, setCreating] = useState(false);
  const list = useIssueListParams(PAGE_SIZE);
  const issues = useIssueList(list.query);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("title")}</Title>
        {canEdit && <Button onClick={() => setCreating(true)}>{t("add")}</Button>}
      </Group>
      <IssueFilters list={list} />
      <Paper withBorder p="md">
        <RecordList
          query={issues}
          pageSize={PAGE_SIZE}
          page={list.page}
          onPageChange={list.setPage}
          empty={{ text: t("emptyHelp.issues"), action: canEdit && { label: t("add"), onClick: () => setCreating(true) } }}
        >
          {(items) => <IssuesTable items={items} />}
        </RecordList>
      </Paper>
      {creating && <IssueFormModal onClose={() => setCreating(false)} onSaved={(issue) => void navigate(`/issues/${issue.id}`)} />}
    </Stack>
  );
}
