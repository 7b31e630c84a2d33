import { TOUR_STEPS, type TourState } from "@holboo/core";
import { ActionIcon, Menu } from "@mantine/core";
import { IconBook2, IconHelp, IconPlayerPlay, IconRefresh, IconRoute } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { notifyError } from "../../lib/api.ts";
import { saveTour, tourQuery } from "./tour.queries.ts";

/** Loaded only for someone the tour has not been offered to yet. */
const TourOffer = lazy(() => import("./TourOffer.tsx").then((m) => ({ default: m.TourOffer })));

/**
 * The header's help menu: the guide, and the guided tour (start, resume where it was closed, restart). The tour
 * itself (driver.js) loads when started. Someone with a company who was never offered the tour is offered it once.
 */
export function HelpMenu({ offer }: { offer: boolean }) {
  const { t } = useTranslation("shell");
  const client = useQueryClient();
  const navigate = useNavigate();
  const tour = useQuery(tourQuery);
  const save = (state: TourState) => {
    client.setQueryData(tourQuery.queryKey, state);
    saveTour(state).catch(notifyError);
  };
  const start = (step: number) => {
    import("./tour.ts")
      .then(({ startTour }) =>
        startTour({ navigate: (path) => void navigate(path), location: () => window.location.pathname + window.location.search, save }, step),
      )
      .catch(notifyError);
  };
  const state = tour.data;
  return (
    <>
      <Menu position="bottom-end" withArrow shadow="md" width={260}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("help.menu")} data-testid="help-menu">
            <IconHelp size={22} stroke={1.6} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/guide" leftSection={<IconBook2 size={16} />} data-testid="help-guide">
            {t("help.guide")}
          </Menu.Item>
          {state?.status === "running" && (
            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => start(state.step)} data-testid="tour-resume">
              {t("help.tourResume", { step: state.step + 1, total: TOUR_STEPS.length })}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={state?.status === "running" || state?.status === "finished" ? <IconRefresh size={16} /> : <IconRoute size={16} />}
            onClick={() => start(0)}
            data-testid="tour-start"
          >
            {state?.status === "running" || state?.status === "finished" ? t("help.tourRestart") : t("help.tour")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {offer && state?.status === "new" && (
        <Suspense fallback={null}>
          <TourOffer onStart={() => start(0)} onLater={() => save({ status: "dismissed", step: 0 })} />
        </Suspense>
      )}
    </>
  );
}
