import type { RouteObject } from "react-router";
import { ArticlePage } from "./ArticlePage.tsx";
import { KnowledgePage } from "./KnowledgePage.tsx";
import { QaPage } from "./QaPage.tsx";

/** Children of /knowledge (spec §2): the list, base (the same folder and article view), createNew, qa and {id}. */
export const knowledgeRoutes: RouteObject[] = [
  { index: true, element: <KnowledgePage /> },
  { path: "base", element: <KnowledgePage /> },
  { path: "createNew", element: <ArticlePage /> },
  { path: "qa", element: <QaPage /> },
  { path: ":id", element: <ArticlePage /> },
];
