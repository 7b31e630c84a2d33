import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useStaffEvent } from "../../lib/staff-socket.ts";
import { issueKeys } from "./issues.keys.ts";

/** Shows, live, that an issue was assigned to me or that I was mentioned in one (the server pushes to my room). */
export function IssueNotifier() {
  const { t } = useTranslation("issues");
  const client = useQueryClient();
  const navigate = useNavigate();
  useStaffEvent("issue.notify", (note) => {
    void client.invalidateQueries({ queryKey: issueKeys.all });
    notifications.show({
      id: `issue-${note.reason}-${note.issue_id}`,
      color: "indigo",
      title: t(`notify.${note.reason}`, { by: note.by, number: note.number }),
      message: note.name,
      autoClose: 8000,
      onClick: () => void navigate(`/issues/${note.issue_id}`),
      style: { cursor: "pointer" },
      "data-testid": "issue-notification",
    } as Parameters<typeof notifications.show>[0]);
  });
  return null;
}
