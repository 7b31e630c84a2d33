import { formatDateTime, pageCount } from "@holboo/core";
import { Anchor, Badge, Loader, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListEmpty } from "../../components/shared/ListEmpty.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { FEEDBACK_PAGE_SIZE, feedbackScreenshotUrl, useAdminFeedback } from "./help.queries.ts";

/** The platform admin panel's feedback tab: what every company sent from the help menu, newest first. */
export function AdminFeedback() {
  const { t } = useTranslation("help");
  const [page, setPage] = useState(1);
  const list = useAdminFeedback(page);
  if (list.isPending) return <Loader />;
  const items = list.data?.items ?? [];
  if (!items.length) return <ListEmpty failed={list.isError} onRetry={() => void list.refetch()} text={t("admin.empty")} />;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" data-testid="admin-feedback">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("admin.date")}</Table.Th>
              <Table.Th>{t("admin.company")}</Table.Th>
              <Table.Th>{t("admin.sender")}</Table.Th>
              <Table.Th>{t("admin.category")}</Table.Th>
              <Table.Th>{t("admin.details")}</Table.Th>
              <Table.Th>{t("admin.screenshot")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="xs">{formatDateTime(new Date(item.created_at))}</Text>
                </Table.Td>
                <Table.Td>{item.company.name}</Table.Td>
                <Table.Td>
                  <Text size="sm">{item.user?.name}</Text>
                  <Text size="xs" c="dimmed">
                    {item.user?.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`feedback.categories.${item.category}`)}</Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "pre-wrap" }}>{item.details}</Table.Td>
                <Table.Td>
                  {item.has_screenshot && (
                    <Anchor href={feedbackScreenshotUrl(item.id)} target="_blank" rel="noreferrer" size="sm">
                      {t("admin.open")}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pagination total={pageCount(list.data?.total ?? 0, FEEDBACK_PAGE_SIZE)} page={page} onChange={setPage} />
    </Stack>
  );
}
