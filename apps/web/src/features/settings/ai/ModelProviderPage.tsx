import { ModelProviderInput } from "@holboo/core";
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/shared/ConfirmDialog.tsx";
import { fieldErrors } from "../../../lib/api.ts";
import { validate } from "../../../lib/forms.ts";
import { useModelProvider, useRemoveModelProvider, useSaveModelProvider } from "./ai.queries.ts";

/** Settings → AI agent → model: the company's optional OpenAI-compatible endpoint for the answer engine. */
export function ModelProviderPage() {
  const { t } = useTranslation("answers");
  const current = useModelProvider();
  const form = useForm({ initialValues: { base_url: "", api_key: "", chat_model: "", embedding_model: "" } });
  const [removing, setRemoving] = useState(false);
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!current.data) return;
    const { base_url, chat_model, embedding_model } = current.data;
    setValues({ base_url, api_key: "", chat_model, embedding_model });
    resetDirty();
  }, [current.data, setValues, resetDirty]);
  const save = useSaveModelProvider({ onError: (error) => form.setErrors(fieldErrors(error)) });
  const remove = useRemoveModelProvider(() => setRemoving(false));
  const submit = form.onSubmit((values) => {
    const checked = validate(ModelProviderInput, values.api_key ? values : { ...values, api_key: undefined });
    if (!checked.ok) return form.setErrors(checked.errors);
    // An empty key field keeps the stored key.
    const { api_key, ...kept } = values;
    save.mutate(api_key ? values : kept);
  });
  const hint = current.data?.api_key_hint;
  return (
    <Stack maw={640}>
      <Title order={2}>{t("provider.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("provider.intro")}
      </Text>
      <Alert variant="light" color={current.data?.configured ? "teal" : "gray"} data-testid="model-provider-status">
        {current.data?.configured ? t("provider.statusOn") : t("provider.statusOff")}
      </Alert>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t("provider.baseUrl")}
              description={t("provider.baseUrlHint")}
              placeholder="https://api.openai.com/v1"
              {...form.getInputProps("base_url")}
            />
            <PasswordInput
              label={t("provider.apiKey")}
              description={hint ? t("provider.apiKeyStored", { hint }) : t("provider.apiKeyHint")}
              autoComplete="off"
              {...form.getInputProps("api_key")}
            />
            <TextInput
              label={t("provider.chatModel")}
              description={t("provider.chatModelHint")}
              placeholder="gpt-4o-mini"
              {...form.getInputProps("chat_model")}
            />
            <TextInput
              label={t("provider.embeddingModel")}
              description={t("provider.embeddingModelHint")}
              placeholder="text-embedding-3-small"
              {...form.getInputProps("embedding_model")}
            />
            <Group justify="space-between">
              {current.data?.configured ? (
                <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
                  {t("provider.remove")}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={save.isPending}>
                {t("provider.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmDialog
        opened={removing}
        title={t("provider.remove")}
        message={t("provider.removeConfirm")}
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setRemoving(false)}
      />
    </Stack>
  );
}
