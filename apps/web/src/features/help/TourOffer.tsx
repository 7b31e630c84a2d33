import { TOUR_STEPS } from "@holboo/core";
import { Button, Dialog, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Offered once, after onboarding, to someone who has not seen the tour: in the corner over the menu (narrower than it), so it hides
 * nothing one works with. Either answer is kept on the server (starting makes it resumable; later dismisses it).
 */
export function TourOffer({ onStart, onLater }: { onStart: () => void; onLater: () => void }) {
  const { t } = useTranslation("help");
  return (
    <Dialog opened position={{ bottom: 16, left: 12 }} size={216} withBorder shadow="lg" radius="md" p="md" data-testid="tour-offer">
      <Stack gap="xs">
        <Text fw={600}>{t("tour.offer.title")}</Text>
        <Text size="sm">{t("tour.offer.text", { count: TOUR_STEPS.length })}</Text>
        <Group gap="xs" justify="flex-end">
          <Button variant="subtle" color="gray" size="xs" onClick={onLater} data-testid="tour-later">
            {t("tour.offer.later")}
          </Button>
          <Button size="xs" onClick={onStart} data-testid="tour-offer-start">
            {t("tour.offer.start")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
