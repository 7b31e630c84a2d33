import { QaInput, ResolveQuestionInput, type QaView, type QuestionView } from "@holboo/core";
import { Modal, MultiSelect, Stack, Switch, Text, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api.ts";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { FormActions } from "../../components/shared/FormActions.tsx";
import { knowledgeKeys } from "./knowledge.keys.ts";

/** Writing or editing a pair makes it "reviewed". */
export function QaDialog({ pair, onClose }: { pair: QaView | null; onClose: () => void }) {
  const { t } = useTranslation("knowledge");
  const client = useQueryClient();
  const form = useForm({
    initialValues: {
      question: pair?.question ?? "",
      variants: (pair?.variants ?? []).join("\n"),
      answer: pair?.answer ?? "",
      active: pair?.active ?? true,
      related: (pair?.related_article_ids ?? []).map(String),
    },
  });
  const articles = useQuery({
    queryKey: knowledgeKeys.articleOptions(),
    queryFn: () => api.get("/api/knowledge/articles", { query: { page_size: 100 } }),
  });
  const save = useMutation({
    mutationFn: (body: QaInput) => (pair ? api.put("/api/knowledge/qa/:id", { params: { id: pair.id }, body }) : api.post("/api/knowledge/qa", { body })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: knowledgeKeys.all });
      onClose();
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const submit = form.onSubmit(({ related, ...values }) => {
    const body = {
      ...values,
      variants: values.variants
        .split("\n")
        .map((v) => v.trim())
        .filter(Boolean),
      related_article_ids: related.map(Number),
    };
    const checked = validate(QaInput, body);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data);
  });
  return (
    <Modal opened onClose={onClose} title={t(pair ? "qa.edit" : "qa.add")} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t("qa.question")} {...form.getInputProps("question")} data-autofocus required />
          <Textarea label={t("qa.variants")} description={t("qa.variantsHint")} rows={2} {...form.getInputProps("variants")} />
          <Textarea label={t("qa.answer")} rows={4} {...form.getInputProps("answer")} required />
          <MultiSelect
            label={t("qa.related")}
            data={(articles.data?.items ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            searchable
            {...form.getInputProps("related")}
            error={form.errors.related_article_ids}
          />
          <Switch label={t("qa.active")} {...form.getInputProps("active", { type: "checkbox" })} />
          <FormActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A "not found" question answered in one step: it becomes an active, reviewed pair. */
export function ResolveDialog({ question, onClose }: { question: QuestionView; onClose: () => void }) {
  const { t } = useTranslation("knowledge");
  const client = useQueryClient();
  const form = useForm({ initialValues: { question: question.question, answer: "" } });
  const save = useMutation({
    mutationFn: (body: ResolveQuestionInput) => api.post("/api/knowledge/questions/:id/resolve", { params: { id: question.id }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: knowledgeKeys.all });
      onClose();
    },
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(ResolveQuestionInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data);
  });
  return (
    <Modal opened onClose={onClose} title={t("qa.answerTitle")} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t("qa.answerHint")}
          </Text>
          <TextInput label={t("qa.question")} {...form.getInputProps("question")} />
          <Textarea label={t("qa.answer")} rows={4} {...form.getInputProps("answer")} data-autofocus required />
          <FormActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
