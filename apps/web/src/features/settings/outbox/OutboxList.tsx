import { pageCount, type OutboxMailView } from "@holboo/core";
import { Badge } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPage } from "../../../components/shared/ListPage.tsx";
import { RelativeTime } from "../../../components/shared/RelativeTime.tsx";
import { OUTBOX_PAGE_SIZE, useOutbox, type OutboxScope } from "./outbox.queries.ts";
import { OutboxMailDialog } from "./OutboxMailDialog.tsx";

const STATUS_COLOR = { queued: "blue", kept: "gray", withheld: "orange", sent: "teal", failed: "red" } as const;

/** Outgoing mail (to, subject, date, status); without SMTP it is kept here, except sign-in links, which nobody else reads. */
export function OutboxList({ scope }: { scope: OutboxScope }) {
  const { t } = useTranslation("settings");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMailView | null>(null);
  const list = useOutbox(scope, page);
  return (
    <ListPage
      variant="embedded"
      description={t("outbox.hint")}
      query={list}
      rows={list.data?.items ?? []}
      empty={{ text: t("emptyHelp.outbox") }}
      table={{
        minWidth: 600,
        verticalSpacing: "xs",
        highlightOnHover: true,
        rowKey: (mail) => mail.id,
        rowTestId: (mail) => `outbox-${mail.to}`,
        rowOpen: { onOpen: setOpen, label: (mail) => t("outbox.openMail", { subject: mail.subject }) },
        columns: [
          { key: "to", header: t("outbox.to"), cell: (mail) => mail.to },
          { key: "subject", header: t("outbox.subject"), cell: (mail) => mail.subject },
          { key: "date", header: t("outbox.date"), cell: (mail) => <RelativeTime value={mail.created_at} /> },
          {
            key: "status",
            header: t("outbox.status"),
            cell: (mail) => (
              <Badge variant="light" color={STATUS_COLOR[mail.status]}>
                {t(`outbox.statuses.${mail.status}`)}
              </Badge>
            ),
          },
        ],
      }}
      pagination={{ page, total: pageCount(list.data?.total ?? 0, OUTBOX_PAGE_SIZE), onChange: setPage }}
    >
      {open && <OutboxMailDialog mail={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
