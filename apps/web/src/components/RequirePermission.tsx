import type { Permission } from "@holboo/core";
import { Alert } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMe } from "../lib/session.ts";
import { errorMessage } from "../lib/errors.ts";

/** Mirrors the server's decision: without the permission, the spec's "ask an admin" message instead of the page. */
export function RequirePermission({ permission, platformAdmin, children }: { permission?: Permission; platformAdmin?: boolean; children: ReactNode }) {
  useTranslation();
  const { data: me } = useMe();
  const allowed = platformAdmin ? !!me?.is_platform_admin : !permission || !!me?.permissions.includes(permission);
  if (allowed) return children;
  return (
    <Alert color="orange" icon={<IconLock size={18} />} data-testid="forbidden">
      {errorMessage(platformAdmin ? "platform_admin_only" : "forbidden")}
    </Alert>
  );
}
