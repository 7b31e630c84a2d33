import { Button, CopyButton, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useHandoffLink } from "./admin.queries.ts";

/**
 * Support: a one-time, short-lived sign-in link as this user. It is shown to copy (for a private
 * window), not opened here, since opening it would replace the admin's own session.
 */
export function HandoffLinkButton({ userId }: { userId: number }) {
  const { t } = useTranslation("admin");
  const link = useHandoffLink(userId);
  return (
    <>
      <Button size="xs" variant="default" loading={link.isPending} onClick={() => link.mutate()}>
        {t("users.signInLink")}
      </Button>
      <Modal opened={!!link.data} onClose={() => link.reset()} title={t("users.signInLink")} centered>
        <Stack>
          <Text size="sm" c="dimmed">
            {t("users.signInLinkHint")}
          </Text>
          <TextInput value={link.data?.url ?? ""} readOnly aria-label={t("users.signInLink")} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={link.data?.url ?? ""}>
            {({ copied, copy }) => <Button onClick={copy}>{t(copied ? "users.copied" : "users.copy")}</Button>}
          </CopyButton>
        </Stack>
      </Modal>
    </>
  );
}
