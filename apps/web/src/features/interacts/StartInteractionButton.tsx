import { Button } from "@mantine/core";
import { IconMessagePlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

/** The dialog (a form, contact search, validation) loads when first opened, not with the inbox. */
const StartInteractionDialog = lazy(() => import("./StartInteractionDialog.tsx").then((m) => ({ default: m.StartInteractionDialog })));

export function StartInteractionButton({ onStarted }: { onStarted: (id: number) => void }) {
  const { t } = useTranslation("inbox");
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconMessagePlus size={14} />} onClick={() => setOpened(true)} data-testid="start-interaction">
        {t("start.open")}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <StartInteractionDialog onStarted={onStarted} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
