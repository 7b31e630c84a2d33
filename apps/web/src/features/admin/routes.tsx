import type { RouteObject } from "react-router";
import { AdminPage } from "./AdminPage.tsx";

/** Children of /admin; the router wraps them so only the platform admin (me.is_platform_admin) gets in. */
export const adminRoutes: RouteObject[] = [{ index: true, element: <AdminPage /> }];
