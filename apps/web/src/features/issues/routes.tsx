import type { RouteObject } from "react-router";
import { IssueDetailPage } from "./IssueDetailPage.tsx";
import { IssuesPage } from "./IssuesPage.tsx";

/** Children of /issues. */
export const issueRoutes: RouteObject[] = [
  { index: true, element: <IssuesPage /> },
  { path: ":id", element: <IssueDetailPage /> },
];
