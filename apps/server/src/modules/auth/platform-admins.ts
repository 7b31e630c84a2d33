import type { AppContext } from "../../context.ts";

/** Whether the address is one of the installation's platform admins (PLATFORM_ADMIN_EMAILS). */
export const isPlatformAdminEmail = (ctx: AppContext, email: string | null): boolean =>
  !!email && ctx.config.PLATFORM_ADMIN_EMAILS.includes(email.toLowerCase());
