import { FEEDBACK_CATEGORIES, FeedbackInput, LIMITS } from "@holboo/core";
import { Alert, Button, FileInput, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../components/shared/FormActions.tsx";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { fileSize } from "../../components/shared/file-size.ts";
import { useSendFeedback } from "./help.queries.ts";

interface Values {
  category: string | null;
  details: string;
}

/** The help menu's feedback (spec §3): a category, the details and an optional screenshot, then a thank-you. */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("help");
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { category: null, details: "" } });
  const send = useSendFeedback({
    onError: (error) => showSubmitError(error, form.setErrors),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(FeedbackInput, { ...values, screenshot_file_id: null });
    if (!checked.ok) return form.setErrors(checked.errors);
    send.mutate({ input: checked.data, screenshot });
  });
  const pick = (file: File | null) => {
    setFileError(file && file.size > LIMITS.attachmentBytes ? t("feedback.tooLarge", { size: fileSize(LIMITS.attachmentBytes) }) : null);
    setScreenshot(file && file.size <= LIMITS.attachmentBytes ? file : null);
  };
  return (
    <Modal opened onClose={onClose} title={t("feedback.title")} centered size="lg">
      {send.isSuccess ? (
        <Stack>
          <Alert color="teal" data-testid="feedback-thanks">
            {t("feedback.thanks")}
          </Alert>
          <Button onClick={onClose} variant="default" ml="auto">
            OK
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t("feedback.intro")}
            </Text>
            <Select
              label={t("feedback.category")}
              required
              data={FEEDBACK_CATEGORIES.map((value) => ({ value, label: t(`feedback.categories.${value}`) }))}
              {...form.getInputProps("category")}
              data-testid="feedback-category"
            />
            <Textarea
              label={t("feedback.details")}
              placeholder={t("feedback.detailsPlaceholder")}
              required
              rows={5}
              maxLength={LIMITS.feedbackDetailsMaxChars}
              {...form.getInputProps("details")}
              data-testid="feedback-details"
            />
            <FileInput
              label={t("feedback.screenshot")}
              description={t("feedback.screenshotHint", { size: fileSize(LIMITS.attachmentBytes) })}
              accept="image/png,image/jpeg,image/gif,image/webp"
              clearable
              value={screenshot}
              onChange={pick}
              error={fileError}
              data-testid="feedback-screenshot"
            />
            <FormActions onCancel={onClose} saving={send.isPending} submitLabel={t("feedback.send")} submitTestId="feedback-send" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
