import type { InvoiceStatus } from "@holboo/core";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const STATUS_COLOR = { created: "orange", paid: "blue", activated: "green", cancelled: "gray" } as const satisfies Record<InvoiceStatus, string>;

/** An invoice's status as the company reads it: unpaid, paid, activated or cancelled. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation("billing");
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="invoice-status">
      {t(`invoiceStatus.${status}`)}
    </Badge>
  );
}
