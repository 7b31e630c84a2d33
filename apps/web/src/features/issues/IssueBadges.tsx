import type { IssuePriority, IssueStatus } from "@holboo/core";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PRIORITY_COLOR, STATUS_COLOR } from "./issues.queries.ts";

export function StatusBadge({ status }: { status: IssueStatus }) {
  const { t } = useTranslation("issues");
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="issue-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: IssuePriority }) {
  const { t } = useTranslation("issues");
  return (
    <Badge color={PRIORITY_COLOR[priority]} variant="dot">
      {t(`priority.${priority}`)}
    </Badge>
  );
}
