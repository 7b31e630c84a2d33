import { ContactInput, LIMITS, type ContactView } from "@holboo/core";
import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notifyError } from "../../lib/api.ts";
import { ApiError } from "../../lib/http.ts";
import { showSubmitError, validate } from "../../lib/forms.ts";
import { contactTypesQuery, useMergeWithExisting, useRefreshContacts, useSaveContact } from "./contacts.queries.ts";
import { formState, toInput, type ContactFormState } from "./contact-form.ts";
import { FormActions } from "../../components/shared/FormActions.tsx";

interface Props {
  contact: ContactView | null;
  onClose: () => void;
  onSaved?: (contact: ContactView) => void;
}

type Problem = { kind: "duplicate"; contactId: number } | { kind: "timeout" } | null;

/**
 * Add or edit a contact (spec §5 rules from the core schema). An existing e-mail or phone offers to
 * open that contact or merge; an add that times out asks to check before retrying, and a retry sends
 * the same idempotency key, so it never creates a second contact (spec §8).
 */
export function ContactFormDialog({ contact, onClose, onSaved }: Props) {
  const { t } = useTranslation("contacts");
  const refreshContacts = useRefreshContacts();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<Problem>(null);
  const types = useQuery(contactTypesQuery);
  const form = useForm<ContactFormState>({ initialValues: formState(contact) });
  const done = (saved: ContactView) => {
    onSaved?.(saved);
    onClose();
  };
  const save = useSaveContact(contact, idempotencyKey, {
    onSuccess: done,
    onError: (error) => {
      if (error instanceof ApiError && error.code === "contact_exists" && typeof error.details.contact_id === "number")
        setProblem({ kind: "duplicate", contactId: error.details.contact_id });
      else if (error instanceof ApiError && error.code === "timeout" && !contact) return setProblem({ kind: "timeout" });
      showSubmitError(error, form.setErrors);
    },
  });
  const merge = useMergeWithExisting(contact, {
    onSuccess: (saved) => {
      done(saved);
      void navigate(`/contacts/${saved.id}`);
    },
    onError: notifyError,
  });
  const submit = form.onSubmit((values) => {
    setProblem(null);
    const checked = validate(ContactInput, toInput(values));
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(values);
  });
  // The form's `type_id` is the contact's type: its label is the type's, not a key of its own.
  const field = (name: keyof ContactFormState) => ({ label: t(`fields.${name === "type_id" ? "type" : name}`), ...form.getInputProps(name) });
  return (
    <Modal opened onClose={onClose} title={t(contact ? "edit" : "add")} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field("first_name")} required data-autofocus />
            <TextInput {...field("last_name")} />
            <TextInput {...field("email")} type="email" />
            <TextInput {...field("phone")} type="tel" />
            <TextInput {...field("email2")} type="email" />
            <TextInput {...field("phone2")} type="tel" />
            <TextInput {...field("company_name")} />
            <TextInput {...field("profession")} />
            <Select {...field("type_id")} clearable data={(types.data?.items ?? []).map((type) => ({ value: String(type.id), label: type.name }))} />
            <Checkbox mt="xl" label={t("fields.special")} {...form.getInputProps("special", { type: "checkbox" })} />
            <TextInput {...field("city")} />
            <TextInput {...field("district")} />
            <TextInput {...field("subdistrict")} />
          </SimpleGrid>
          <TextInput {...field("address_detail")} maxLength={LIMITS.contactAddressDetailChars} />
          <Textarea {...field("note")} rows={3} description={`${form.values.note.length} / ${LIMITS.contactNoteChars}`} />
          <Textarea {...field("description")} rows={3} />
          {problem?.kind === "duplicate" && (
            <Alert color="orange" title={t("duplicate.title")} data-testid="contact-duplicate">
              <Stack gap="xs">
                {t("duplicate.text")}
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      onClose();
                      void navigate(`/contacts/${problem.contactId}`);
                    }}
                  >
                    {t("duplicate.open")}
                  </Button>
                  <Button size="xs" loading={merge.isPending} onClick={() => merge.mutate({ existingId: problem.contactId, values: form.values })}>
                    {t("duplicate.merge")}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {problem?.kind === "timeout" && (
            <Alert color="yellow" title={t("timeout.title")} data-testid="contact-timeout">
              <Stack gap="xs">
                {t("timeout.text")}
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      refreshContacts();
                      onClose();
                    }}
                  >
                    {t("timeout.check")}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <FormActions
            onCancel={onClose}
            saving={save.isPending}
            submitTestId="save-contact"
            submitLabel={problem?.kind === "timeout" ? t("timeout.retry") : undefined}
          />
        </Stack>
      </form>
    </Modal>
  );
}
