import { pageCount } from "@holboo/core";
import { Button, Code, Loader, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { Pagination } from "../../components/shared/Pagination.tsx";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { ADMIN_PAGE_SIZE, useDeadJobs, useRetryDeadJob } from "./admin.queries.ts";

/** Background jobs that used all their attempts: what failed, how often, the last error; one more try on demand. */
export function AdminDeadJobs() {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const list = useDeadJobs(page);
  const retry = useRetryDeadJob();
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t("jobs.hint")}
      </Text>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <EmptyState onRetry={() => void list.refetch()} />
      ) : !items.length ? (
        <Text c="dimmed">{t("jobs.none")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("jobs.kind")}</Table.Th>
                <Table.Th>{t("jobs.attempts")}</Table.Th>
                <Table.Th>{t("jobs.lastError")}</Table.Th>
                <Table.Th>{t("jobs.failedAt")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((job) => (
                <Table.Tr key={job.id} data-testid={`dead-job-${job.id}`}>
                  <Table.Td>
                    <Text size="sm">{t(`jobs.kinds.${job.kind}`, { defaultValue: job.kind })}</Text>
                    <Code>{JSON.stringify(job.payload)}</Code>
                  </Table.Td>
                  <Table.Td>{job.attempts}</Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" lineClamp={3}>
                      {job.last_error ?? "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime value={job.updated_at} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" loading={retry.isPending && retry.variables?.id === job.id} onClick={() => retry.mutate(job)}>
                      {t("jobs.retry")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} total={pageCount(list.data?.total ?? 0, ADMIN_PAGE_SIZE)} onChange={setPage} />
    </Stack>
  );
}
