import { TOUR_STEPS } from "@holboo/core";
import { Button, Dialog, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useBreakpoint } from "../../components/shared/useBreakpoint.ts";

/**
 * Offered once, after onboarding, to someone who has not seen the tour: in the corner over the menu (narrower than it), so it hides
 * nothing one works with. On a phone it is one slim bar at the bottom (the title and the two answers), so the page and the
 * menu button stay usable until it is answered. Either answer is kept on the server (starting makes it resumable; later dismisses it).
 */
export function TourOffer({ onStart, onLater }: { onStart: () => void; onLater: () => void }) {
  const { t } = useTranslation("help");
  const wide = useBreakpoint("sm");
  const answers = (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button variant="subtle" color="gray" size="xs" onClick={onLater} data-testid="tour-later">
        {t("tour.offer.later")}
      </Button>
      <Button size="xs" onClick={onStart} data-testid="tour-offer-start">
        {t("tour.offer.start")}
      </Button>
    </Group>
  );
  if (!wide)
    return (
      <Dialog opened position={{ bottom: 8, left: 8 }} size="calc(100vw - 16px)" withBorder shadow="lg" radius="md" p="xs" data-testid="tour-offer">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} lineClamp={2}>
            {t("tour.offer.short", { count: TOUR_STEPS.length })}
          </Text>
          {answers}
        </Group>
      </Dialog>
    );
  return (
    <Dialog opened position={{ bottom: 16, left: 12 }} size={216} withBorder shadow="lg" radius="md" p="md" data-testid="tour-offer">
      <Stack gap="xs">
        <Text fw={600}>{t("tour.offer.title")}</Text>
        <Text size="sm">{t("tour.offer.text", { count: TOUR_STEPS.length })}</Text>
        {answers}
      </Stack>
    </Dialog>
  );
}
