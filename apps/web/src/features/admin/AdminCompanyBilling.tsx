import type { InvoiceView } from "@holboo/core";
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/shared/EmptyState.tsx";
import { errorText } from "../../lib/api.ts";
import { ConfirmDialog } from "../../components/shared/ConfirmDialog.tsx";
import { day, tugrik } from "../billing/format.ts";
import { InvoiceStatusBadge } from "../billing/InvoiceStatusBadge.tsx";
import { useAdminCompanyBilling, useCancelInvoice, useRecordInvoicePayment, useSuspendCompany } from "./admin.queries.ts";

function RecordPayment({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation("admin");
  const [reference, setReference] = useState("");
  const pay = useRecordInvoicePayment(invoice.id);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          size="xs"
          aria-label={t("billing.reference")}
          placeholder={t("billing.reference")}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          data-testid={`payment-reference-${invoice.number}`}
        />
        <Button
          size="xs"
          onClick={() => pay.mutate(reference)}
          loading={pay.isPending}
          disabled={!reference.trim()}
          data-testid={`record-payment-${invoice.number}`}
        >
          {t("billing.recordPayment")}
        </Button>
      </Group>
      {pay.isError && (
        <Text size="xs" c="red">
          {errorText(pay.error)}
        </Text>
      )}
    </Stack>
  );
}

/** Cancels an unpaid invoice after asking: it need not be paid, and the term it billed is withdrawn. */
function CancelInvoice({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation("admin");
  const [asking, setAsking] = useState(false);
  const cancel = useCancelInvoice(invoice.id);
  return (
    <>
      <Button size="xs" variant="subtle" color="red" onClick={() => setAsking(true)} data-testid={`cancel-invoice-${invoice.number}`}>
        {t("billing.cancel")}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t("billing.cancelTitle")}
        message={
          <Stack gap="xs">
            <Text size="sm">{t("billing.cancelText", { number: invoice.number })}</Text>
            {cancel.isError && <Alert color="red">{errorText(cancel.error)}</Alert>}
          </Stack>
        }
        danger
        confirmLabel={t("billing.cancelConfirm")}
        cancelLabel={t("billing.keep")}
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** One company's plan, usage and invoices for the platform admin: record a bank transfer, cancel an unpaid invoice, close or reopen access. */
export function AdminCompanyBilling({ companyId, name, onClose }: { companyId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("billing");
  const query = useAdminCompanyBilling(companyId);
  const suspend = useSuspendCompany(companyId);
  const view = query.data;
  return (
    <Modal opened onClose={onClose} title={name} size="xl">
      {query.isPending ? (
        <Loader />
      ) : !view ? (
        <EmptyState onRetry={() => void query.refetch()} />
      ) : (
        <Stack data-testid="admin-company-billing">
          <Group>
            <Text fw={600}>{tb(`plans.${view.subscription.plan.code}`)}</Text>
            <Badge color={view.subscription.suspended_reason ? "red" : "green"}>{tb(`status.${view.subscription.status}`)}</Badge>
            {view.subscription.term && <Text size="sm">{tb(`terms.${view.subscription.term}`)}</Text>}
          </Group>
          {view.subscription.suspended_reason && <Alert color="red">{tb(`closed.${view.subscription.suspended_reason}`)}</Alert>}
          <Text size="sm">
            {(["users", "channels", "agents", "articles"] as const)
              .map((resource) => {
                const usage = view.subscription.usage[resource];
                return `${tb(`usage.${resource}`)}: ${usage.used} / ${usage.limit ?? "∞"}`;
              })
              .join(" · ")}
          </Text>
          <Switch
            label={t("billing.suspend")}
            checked={view.subscription.suspended_reason === "admin"}
            onChange={(event) => suspend.mutate(event.currentTarget.checked)}
            disabled={suspend.isPending}
            data-testid="admin-suspend"
          />
          {!view.invoices.length ? (
            <Text c="dimmed">{tb("archive.empty")}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tb("archive.number")}</Table.Th>
                    <Table.Th>{tb("archive.status")}</Table.Th>
                    <Table.Th>{tb("archive.amount")}</Table.Th>
                    <Table.Th>{t("billing.due")}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.invoices.map((invoice) => (
                    <Table.Tr key={invoice.id}>
                      <Table.Td>{invoice.number}</Table.Td>
                      <Table.Td>
                        <InvoiceStatusBadge status={invoice.status} />
                      </Table.Td>
                      <Table.Td>{tugrik(invoice.amount)}</Table.Td>
                      <Table.Td>{day(invoice.due_at)}</Table.Td>
                      <Table.Td>
                        {invoice.status === "created" ? (
                          <Group gap="xs" wrap="nowrap">
                            <RecordPayment invoice={invoice} />
                            <CancelInvoice invoice={invoice} />
                          </Group>
                        ) : (
                          day(invoice.status === "cancelled" ? invoice.cancelled_at : invoice.paid_at)
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
