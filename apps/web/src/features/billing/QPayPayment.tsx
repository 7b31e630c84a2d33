import type { InvoiceView } from "@holboo/core";
import { Alert, Anchor, Button, Group, Image, Loader, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/api.ts";
import { useQPayCheck, useQPayCheckout } from "./billing.queries.ts";
import { tugrik } from "./format.ts";

/** How often the open dialog asks whether the payment arrived (the server also polls QPay and hears its callback). */
const CHECK_EVERY_MS = 5000;

function Checkout({ invoice, onPaid }: { invoice: InvoiceView; onPaid: () => void }) {
  const { t } = useTranslation("billing");
  const checkout = useQPayCheckout(invoice.id);
  const check = useQPayCheck(invoice.id);
  const { mutate } = check;
  const paid = check.data?.state === "paid";
  useEffect(() => {
    if (!checkout.data || paid) return;
    const timer = setInterval(() => mutate(), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [checkout.data, paid, mutate]);
  useEffect(() => {
    if (paid) onPaid();
  }, [paid, onPaid]);
  if (checkout.isPending) return <Loader />;
  if (checkout.isError) return <Alert color="red">{errorText(checkout.error)}</Alert>;
  const view = checkout.data;
  return (
    <Stack data-testid="qpay-checkout">
      <Text>{t("qpay.scan", { amount: tugrik(invoice.amount), number: invoice.number })}</Text>
      <Image src={`data:image/png;base64,${view.qr_image}`} alt={t("qpay.qrAlt")} w={220} h={220} mx="auto" data-testid="qpay-qr" />
      {view.urls.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t("qpay.banks")}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid="qpay-banks">
            {view.urls.map((bank) => (
              <Anchor key={bank.link} href={bank.link} size="sm" rel="noopener noreferrer">
                <Group gap={6} wrap="nowrap">
                  {bank.logo && <Image src={bank.logo} alt="" w={24} h={24} />}
                  <span>{bank.description || bank.name}</span>
                </Group>
              </Anchor>
            ))}
          </SimpleGrid>
        </>
      )}
      {check.data?.state === "open" && <Text size="sm">{t("qpay.notYet")}</Text>}
      {check.isError && <Alert color="red">{errorText(check.error)}</Alert>}
      <Group justify="flex-end">
        <Button onClick={() => mutate()} loading={check.isPending} data-testid="qpay-check">
          {t("qpay.check")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Paying an unpaid invoice by QPay: a button that opens the QR and the bank apps' links. */
export function QPayPayment({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation("billing");
  const [open, setOpen] = useState(false);
  const [paid, setPaid] = useState(false);
  return (
    <>
      <Button size="xs" onClick={() => setOpen(true)} data-testid="qpay-pay">
        {t("qpay.pay")}
      </Button>
      {paid && <Text c="green">{t("qpay.paid")}</Text>}
      <Modal opened={open} onClose={() => setOpen(false)} title={t("qpay.title")} centered>
        {open && (
          <Checkout
            invoice={invoice}
            onPaid={() => {
              setPaid(true);
              setOpen(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}
