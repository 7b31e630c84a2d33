import type { RouteObject } from "react-router";
import { screen } from "../../app/lazy.ts";

const knowledgePage = screen(
  () => import("./KnowledgePage.tsx"),
  (m) => m.KnowledgePage,
);
/** The article page carries the Tiptap editor: its own chunk, loaded only when an article is opened. */
const articlePage = screen(
  () => import("./ArticlePage.tsx"),
  (m) => m.ArticlePage,
);

/** Children of /knowledge (spec §2): the list, base (the same folder and article view), createNew, qa and {id}. */
export const knowledgeRoutes: RouteObject[] = [
  { index: true, lazy: knowledgePage },
  { path: "base", lazy: knowledgePage },
  { path: "createNew", lazy: articlePage },
  {
    path: "qa",
    lazy: screen(
      () => import("./QaPage.tsx"),
      (m) => m.QaPage,
    ),
  },
  { path: ":id", lazy: articlePage },
];
