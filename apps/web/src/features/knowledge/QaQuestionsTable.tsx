import type { QuestionOutcome, QuestionView } from "@holboo/core";
import { Badge, Button, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordList } from "../../components/record-list/RecordList.tsx";
import type { ListParams } from "../../components/record-list/useListParams.ts";
import { RelativeTime } from "../../components/shared/RelativeTime.tsx";
import { usePermission } from "../../lib/session.ts";
import { ResolveDialog } from "./QaDialogs.tsx";
import { KNOWLEDGE_PAGE_SIZE, useAskedQuestions } from "./knowledge.queries.ts";

/** The questions asked with one outcome; a not-found one can be answered in one step. */
export function QaQuestionsTable({ outcome, list }: { outcome: QuestionOutcome; list: ListParams<"filter"> }) {
  const { t } = useTranslation("knowledge");
  const canEdit = usePermission("settings.edit");
  const [answering, setAnswering] = useState<QuestionView | null>(null);
  const questions = useAskedQuestions(outcome, list.page);
  return (
    <Stack>
      <RecordList query={questions} pageSize={KNOWLEDGE_PAGE_SIZE} page={list.page} onPageChange={list.setPage} empty={{ text: t("qa.empty") }}>
        {(items) => (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("qa.question")}</Table.Th>
                  <Table.Th>{t("qa.asked")}</Table.Th>
                  <Table.Th>{t("qa.confidence")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((q) => (
                  <Table.Tr key={q.id} data-testid="question-row">
                    <Table.Td>
                      <Text size="sm">{q.question}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        <RelativeTime value={q.created_at} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{q.confidence === null ? "—" : `${Math.round(q.confidence * 100)}%`}</Text>
                    </Table.Td>
                    <Table.Td>
                      {outcome === "not_found" &&
                        (q.resolved_qa_pair_id ? (
                          <Badge tt="none" color="green" variant="light">
                            {t("qa.resolved")}
                          </Badge>
                        ) : (
                          canEdit && (
                            <Button size="xs" variant="light" onClick={() => setAnswering(q)}>
                              {t("qa.answerIt")}
                            </Button>
                          )
                        ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </RecordList>
      {answering && <ResolveDialog question={answering} onClose={() => setAnswering(null)} />}
    </Stack>
  );
}
