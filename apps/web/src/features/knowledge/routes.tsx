import type { RouteObject } from "react-router";
import { KnowledgePage } from "./KnowledgePage.tsx";
import { QaPage } from "./QaPage.tsx";

/** The article page carries the Tiptap editor: it loads when first opened, not with the app. */
const articlePage = async () => ({ Component: (await import("./ArticlePage.tsx")).ArticlePage });

/** Children of /knowledge (spec §2): the list, base (the same folder and article view), createNew, qa and {id}. */
export const knowledgeRoutes: RouteObject[] = [
  { index: true, element: <KnowledgePage /> },
  { path: "base", element: <KnowledgePage /> },
  { path: "createNew", lazy: articlePage },
  { path: "qa", element: <QaPage /> },
  { path: ":id", lazy: articlePage },
];
