import { EMPLOYEE_RANGES, LIMITS, SECTORS, UpdateCompanyInput, type CompanyView } from "@holboo/core";
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { validate } from "../../../lib/forms.ts";
import { showServerErrors } from "../server-errors.ts";
import { useSaveCompany } from "./company.queries.ts";

const formValues = (company: CompanyView) => ({
  name: company.name,
  contact_email: company.contact_email ?? "",
  phone: company.phone ?? "",
  sector: company.sector as string | null,
  employee_range: company.employee_range as string | null,
  domain_rule_enabled: company.domain_rule_enabled,
  max_open_per_agent: company.max_open_per_agent,
});

/** Company details (spec §3, §5), checked with the core schema before the server checks them again. */
export function CompanyForm({ company, canEdit }: { company: CompanyView; canEdit: boolean }) {
  const { t } = useTranslation("settings");
  const form = useForm({ initialValues: formValues(company) });
  const save = useSaveCompany({
    onSuccess: (updated) => {
      form.resetDirty(formValues(updated));
      notifications.show({ color: "teal", message: t("saved") });
    },
    onError: (error) => showServerErrors(error, form, { company_exists: "name", name_invalid: "name" }),
  });
  const submit = form.onSubmit((values) => {
    const checked = validate(UpdateCompanyInput, values);
    if (!checked.ok) return form.setErrors(checked.errors);
    save.mutate(checked.data);
  });
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("company.name")} {...form.getInputProps("name")} />
            <TextInput label={t("company.email")} type="email" {...form.getInputProps("contact_email")} />
            <TextInput label={t("company.phone")} type="tel" {...form.getInputProps("phone")} />
            <Select
              label={t("company.sector")}
              data={SECTORS.map((sector) => ({ value: sector, label: t(`sectors.${sector}`) }))}
              allowDeselect={false}
              disabled={!canEdit}
              {...form.getInputProps("sector")}
            />
            <Select
              label={t("company.employees")}
              data={EMPLOYEE_RANGES.map((range) => ({ value: range, label: t("company.employeeRange", { range }) }))}
              allowDeselect={false}
              disabled={!canEdit}
              {...form.getInputProps("employee_range")}
            />
            <TextInput label={t("company.owner")} value={company.owner_name} readOnly disabled />
            <NumberInput
              label={t("company.maxOpenPerAgent")}
              description={t("company.maxOpenPerAgentHint")}
              min={1}
              max={LIMITS.maxOpenPerAgentMax}
              allowDecimal={false}
              {...form.getInputProps("max_open_per_agent")}
            />
          </SimpleGrid>
          <Switch
            label={t("company.domainRule")}
            description={t("company.domainRuleHint")}
            {...form.getInputProps("domain_rule_enabled", { type: "checkbox" })}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t("save")}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
