/**
 * The guided tour (spec §3: 8 steps over the real screens), driven by driver.js. Loaded only when a tour
 * starts, with its styles, so the first screen carries none of it. Each step opens its screen first and
 * waits for the part it points at; where that part is missing (no conversation yet) the step is shown in
 * the middle of the screen. Every step reached is saved on the server, so a closed tour resumes there.
 */
import { TOUR_STEPS, type TourState, type TourStep } from "@holboo/core";
import { driver, type DriveStep, type Side } from "driver.js";
import "driver.js/dist/driver.css";
import i18n from "i18next";
import "./tour.css";

export interface TourHost {
  navigate: (path: string) => void;
  /** The current address, path and search (`/interacts?id=7`). */
  location: () => string;
  save: (state: TourState) => void;
}

/** The first present element of the selectors, or null while none is on screen (driver.js then waits). */
const firstOf =
  (...selectors: string[]) =>
  (): Element =>
    selectors.map((selector) => document.querySelector(selector)).find((found) => found !== null) as Element;

const composer = (): Element => document.querySelector("[data-testid=composer]")?.closest(".mantine-Paper-root") as Element;

/**
 * The page's content once the router shows `path`: a lazy screen keeps the previous one (and its address) until its
 * code has loaded, so the step waits for the address rather than pointing at the screen being left.
 */
const screenAt = (path: string) => (): Element => {
  const shown = window.location.pathname === path || window.location.pathname.startsWith(`${path}/`);
  // The page is the main area's last child (a billing notice may stand before it); main itself spans under the menu.
  return (shown ? document.querySelector("main")?.lastElementChild : null) as Element;
};

/** The conversation the inbox shows, else the first one in its list, else the inbox itself (none yet). */
function conversationPath(current: string): string {
  if (/^\/interacts\?(.*&)?id=\d+/.test(current)) return current;
  const first = document.querySelector("[data-testid^=inbox-item-]")?.getAttribute("data-testid")?.replace("inbox-item-", "");
  return first ? `/interacts?id=${first}` : "/interacts";
}

interface StepPlan {
  element: DriveStep["element"];
  side: Side;
  /** Where the step's screen is; null keeps the current one. */
  path: (current: string) => string | null;
}

const PLAN: Record<TourStep, StepPlan> = {
  menu: { element: firstOf(".mantine-AppShell-navbar"), side: "right", path: () => "/interacts" },
  inbox: { element: firstOf("[data-testid=inbox-list]"), side: "right", path: (current) => (current.startsWith("/interacts") ? null : "/interacts") },
  conversation: { element: firstOf("[data-testid=thread]"), side: "left", path: conversationPath },
  composer: { element: composer, side: "top", path: conversationPath },
  contacts: { element: screenAt("/contacts"), side: "left", path: () => "/contacts" },
  knowledge: { element: screenAt("/knowledge"), side: "left", path: () => "/knowledge" },
  settings: { element: screenAt("/settings"), side: "left", path: () => "/settings" },
  help: { element: firstOf("[data-testid=help-menu]"), side: "bottom", path: () => null },
};

/** Starts (or resumes) the tour at `from`. */
export async function startTour(host: TourHost, from: number) {
  await i18n.loadNamespaces("help");
  const t = i18n.getFixedT(null, "help");
  const last = TOUR_STEPS.length - 1;
  const open = (index: number) => {
    const step = TOUR_STEPS[index];
    if (!step) return;
    const current = host.location();
    const path = PLAN[step].path(current);
    if (path && path !== current) host.navigate(path);
  };
  let finished = false;
  const tour = driver({
    showProgress: true,
    progressText: t("tour.progress", { current: "{{current}}", total: "{{total}}" }),
    nextBtnText: t("tour.next"),
    prevBtnText: t("tour.previous"),
    doneBtnText: t("tour.done"),
    waitForElement: 4000,
    overlayOpacity: 0.55,
    stageRadius: 8,
    popoverClass: "holboo-tour",
    onPopoverRender: (popover, { index }) => {
      popover.wrapper.setAttribute("data-testid", `tour-step-${index === undefined ? "" : TOUR_STEPS[index]}`);
      popover.closeButton.setAttribute("aria-label", t("tour.close"));
    },
    // Saved as the step starts to show: closed during the highlight's move, the tour still resumes at the step seen.
    onHighlightStarted: (_element, _step, { index }) => {
      if (index !== undefined) host.save({ status: "running", step: index });
    },
    onNextClick: (_element, _step, { index }) => {
      if (index === undefined) return;
      if (index >= last) {
        finished = true;
        host.save({ status: "finished", step: last });
        tour.destroy();
        return;
      }
      open(index + 1);
      tour.moveNext();
    },
    onPrevClick: (_element, _step, { index }) => {
      if (index === undefined || index === 0) return;
      open(index - 1);
      tour.movePrevious();
    },
    // Closed before the end: the saved step stays, and the help menu offers to resume there.
    onDestroyStarted: () => {
      if (!finished) tour.destroy();
    },
    steps: TOUR_STEPS.map((step) => ({
      element: PLAN[step].element,
      popover: { title: t(`tour.steps.${step}.title`), description: t(`tour.steps.${step}.text`), side: PLAN[step].side, align: "start" },
    })),
  });
  const start = Math.min(Math.max(from, 0), last);
  open(start);
  tour.drive(start);
}
