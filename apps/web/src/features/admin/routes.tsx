import type { RouteObject } from "react-router";
import { screen } from "../../app/lazy.ts";

/** Children of /admin; the router wraps them so only the platform admin (me.is_platform_admin) gets in. */
export const adminRoutes: RouteObject[] = [
  {
    index: true,
    lazy: screen(
      () => import("./AdminPage.tsx"),
      (m) => m.AdminPage,
    ),
  },
];
