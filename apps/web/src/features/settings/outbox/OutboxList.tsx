import { pageCount, type OutboxMailView } from "@holboo/core";
import { Badge, Loader, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListEmpty } from "../../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../../components/shared/Pagination.tsx";
import { RelativeTime } from "../../../components/shared/RelativeTime.tsx";
import { OUTBOX_PAGE_SIZE, useOutbox } from "./outbox.queries.ts";
import { OutboxMailDialog } from "./OutboxMailDialog.tsx";

const STATUS_COLOR = { queued: "blue", kept: "gray", sent: "teal", failed: "red" } as const;

/** Outgoing mail (to, subject, date, status); without SMTP it is kept here, so invitations work on a fresh install. */
export function OutboxList({ path }: { path: string }) {
  const { t } = useTranslation("settings");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMailView | null>(null);
  const list = useOutbox(path, page);
  const items = list.data?.items ?? [];
  if (list.isPending) return <Loader />;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t("outbox.hint")}
      </Text>
      {!items.length ? (
        <ListEmpty failed={list.isError} onRetry={() => void list.refetch()} text={t("emptyHelp.outbox")} />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("outbox.to")}</Table.Th>
                <Table.Th>{t("outbox.subject")}</Table.Th>
                <Table.Th>{t("outbox.date")}</Table.Th>
                <Table.Th>{t("outbox.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((mail) => (
                <Table.Tr
                  key={mail.id}
                  onClick={() => setOpen(mail)}
                  onKeyDown={(event) => (event.key === "Enter" || event.key === " ") && setOpen(mail)}
                  tabIndex={0}
                  style={{ cursor: "pointer" }}
                  aria-label={t("outbox.openMail", { subject: mail.subject })}
                  data-testid={`outbox-${mail.to}`}
                >
                  <Table.Td>{mail.to}</Table.Td>
                  <Table.Td>{mail.subject}</Table.Td>
                  <Table.Td>
                    <RelativeTime value={mail.created_at} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[mail.status]}>
                      {t(`outbox.statuses.${mail.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, OUTBOX_PAGE_SIZE)} onChange={setPage} />
      {open && <OutboxMailDialog mail={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
