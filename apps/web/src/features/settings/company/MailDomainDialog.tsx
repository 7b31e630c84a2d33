import { MAIL_DOMAIN_STATUSES, MailDomainInput, type MailDomainView } from "@holboo/core";
import { Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ItemDialog } from "../../../components/shared/ItemDialog.tsx";
import { api } from "../../../lib/api.ts";
import { validate } from "../../../lib/forms.ts";
import { showServerErrors } from "../server-errors.ts";
import { companyKeys } from "./company.keys.ts";

/** Adds a mail domain (`domain` null) or edits one; a duplicate or invalid domain shows the server's message under the input. */
export function MailDomainDialog({ domain, onClose }: { domain: MailDomainView | null; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const client = useQueryClient();
  const form = useForm({
    initialValues: { domain: domain?.domain ?? "", description: domain?.description ?? "", status: domain?.status ?? "active" },
  });
  const save = useMutation({
    mutationFn: (input: MailDomainInput) =>
      domain ? api.put("/api/company/mail-domains/:id", { params: { id: domain.id }, body: input }) : api.post("/api/company/mail-domains", { body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: companyKeys.mailDomains() });
      onClose();
    },
    onError: (error) => showServerErrors(error, form, { mail_domain_duplicate: "domain", mail_domain_invalid: "domain" }),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(MailDomainInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data);
  });
  return (
    <ItemDialog title={t(domain ? "domains.edit" : "domains.add")} onClose={onClose} onSubmit={submit} saving={save.isPending} withCancel>
      <TextInput label={t("domains.domain")} placeholder="nomin.mn" data-autofocus {...form.getInputProps("domain")} />
      <TextInput label={t("domains.description")} {...form.getInputProps("description")} />
      <Select
        label={t("domains.status")}
        data={MAIL_DOMAIN_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        allowDeselect={false}
        {...form.getInputProps("status")}
      />
    </ItemDialog>
  );
}
