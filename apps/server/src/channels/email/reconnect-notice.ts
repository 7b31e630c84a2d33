import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { queueMail } from "../../platform/mail/mailer.ts";
import { adminAddresses } from "../../modules/users/users.lookup.ts";

/** Bilingual (mn first), like every mail the platform sends to a company's admins. */
export function reconnectMail(address: string, link: string) {
  return {
    subject: `Holboo: ${address} — дахин нэвтэрнэ үү / sign in again`,
    text: [
      `${address} шуудангийн хайрцгийн нэвтрэх эрхийг Google/Microsoft цуцалсан тул Holboo шинэ захидал уншиж, хариу илгээж чадахгүй байна. Тохиргоо → Имэйл хэсэгт "Дахин нэвтрэх" дарна уу.`,
      link,
      "",
      `Google/Microsoft revoked Holboo's access to the mailbox ${address}, so new mail is not read and replies are not sent. Open Settings → E-mail and choose "Sign in again".`,
      link,
    ].join("\n"),
  };
}

/** Mails the company's owner and admins, in the caller's transaction, that a mailbox waits for a new sign-in. */
export async function tellAdminsToReconnect(ctx: AppContext, tx: Executor, companyId: number, address: string) {
  const mail = reconnectMail(address, `${ctx.config.PUBLIC_URL}/settings/email`);
  for (const recipient of await adminAddresses(tx, companyId)) await queueMail(tx, ctx, { companyId, to: recipient.email, ...mail });
}
