import type { RouteObject } from "react-router";
import { screen } from "../../app/lazy.ts";

/** Children of /issues. */
export const issueRoutes: RouteObject[] = [
  {
    index: true,
    lazy: screen(
      () => import("./IssuesPage.tsx"),
      (m) => m.IssuesPage,
    ),
  },
  {
    path: ":id",
    lazy: screen(
      () => import("./IssueDetailPage.tsx"),
      (m) => m.IssueDetailPage,
    ),
  },
];
