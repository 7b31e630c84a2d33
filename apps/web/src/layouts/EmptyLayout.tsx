import { Outlet } from "react-router";

/** The empty layout (spec §2): public pages that bring their own header, such as the landing page and login. */
export function EmptyLayout() {
  return <Outlet />;
}
