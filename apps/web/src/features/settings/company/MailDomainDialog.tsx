import { MAIL_DOMAIN_STATUSES, MailDomainInput, type MailDomainView } from "@holboo/core";
import { Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { ItemDialog } from "../../../components/shared/ItemDialog.tsx";
import { validate } from "../../../lib/forms.ts";
import { showServerErrors } from "../server-errors.ts";
import { useSaveMailDomain } from "./company.queries.ts";

/** Adds a mail domain (`domain` null) or edits one; a duplicate or invalid domain shows the server's message under the input. */
export function MailDomainDialog({ domain, onClose }: { domain: MailDomainView | null; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const form = useForm({
    initialValues: { domain: domain?.domain ?? "", description: domain?.description ?? "", status: domain?.status ?? "active" },
  });
  const save = useSaveMailDomain({
    onSuccess: onClose,
    onError: (error) => showServerErrors(error, form, { mail_domain_duplicate: "domain", mail_domain_invalid: "domain" }),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(MailDomainInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate({ id: domain?.id ?? null, input: checked.data });
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
