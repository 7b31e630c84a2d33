import { QaInput, ResolveQuestionInput, type QaView, type QuestionView } from "@holboo/core";
import { Modal, MultiSelect, Stack, Switch, Text, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { FormActions } from "../../components/shared/FormActions.tsx";
import { useArticleOptions, useResolveQuestion, useSaveQaPair } from "./knowledge.queries.ts";

/** Writing or editing a pair makes it "reviewed". */
export function QaDialog({ pair, onClose }: { pair: QaView | null; onClose: () => void }) {
  const { t } = useTranslation("knowledge");
  const form = useForm({
    initialValues: {
      question: pair?.question ?? "",
      variants: (pair?.variants ?? []).join("\n"),
      answer: pair?.answer ?? "",
      active: pair?.active ?? true,
      related: (pair?.related_article_ids ?? []).map(String),
    },
  });
  const articles = useArticleOptions();
  const save = useSaveQaPair(pair?.id ?? null, {
    onSuccess: onClose,
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
  const form = useForm({ initialValues: { question: question.question, answer: "" } });
  const save = useResolveQuestion(question.id, {
    onSuccess: onClose,
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
