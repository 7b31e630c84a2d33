import type { PayeeView } from "@holboo/core";
import { Alert, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconBuildingBank } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * Where to pay by bank transfer: the installation's payee and the payment reference (the invoice's number, or "the
 * invoice number" where no single invoice is meant); while the platform admin has not set it, it says so.
 */
export function PaymentDetails({ payee, reference }: { payee: PayeeView | null; reference: string | null }) {
  const { t } = useTranslation("billing");
  if (!payee)
    return (
      <Alert color="gray" icon={<IconBuildingBank size={18} />} title={t("payment.title")} data-testid="payee-missing">
        {t("payment.notSet")}
      </Alert>
    );
  const rows: Array<[string, string]> = [
    [t("payment.payee"), payee.company_name],
    [t("payment.bank"), payee.bank_name],
    [t("payment.account"), payee.account_number],
    [t("payment.holder"), payee.account_holder],
    [t("payment.reference"), reference ?? t("payment.anyInvoice")],
  ];
  return (
    <Paper withBorder p="md" data-testid="payee">
      <Stack gap="xs">
        <Title order={5}>
          <IconBuildingBank size={18} style={{ verticalAlign: "-3px", marginInlineEnd: 6 }} aria-hidden />
          {t("payment.title")}
        </Title>
        <Table variant="vertical" withRowBorders={false} verticalSpacing={4} layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={170} fw={500} c="dimmed" bg="transparent">
                  {label}
                </Table.Th>
                <Table.Td>
                  <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                    {value}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
