import type { InvoiceStatus } from "@holboo/core";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const STATUS_COLOR = { created: "orange", paid: "blue", activated: "green", cancelled: "gray" } as const satisfies Record<InvoiceStatus, string>;

/** An invoice's status as the company reads it: unpaid, paid, activated or cancelled. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation("billing");
  return (
    // The label keeps its width in a squeezed table column instead of ending in "…".
    <Badge color={STATUS_COLOR[status]} variant="light" styles={{ label: { overflow: "visible" } }} data-testid="invoice-status">
      {t(`invoiceStatus.${status}`)}
    </Badge>
  );
}
