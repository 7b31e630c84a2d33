import type { EmailAgentMode, EmailAuthKind, EmailChannelView, EmailTlsMode } from "@holboo/core";

/** A mailbox form's values: a new mailbox starts from `blank`; an edited one from its view, its password left empty (kept). */
export const blank = {
  name: "",
  address: "",
  imap_host: "",
  imap_port: 993,
  imap_tls: "tls" as EmailTlsMode,
  smtp_host: "",
  smtp_port: 465,
  smtp_tls: "tls" as EmailTlsMode,
  username: "",
  password: "",
  auth: "password" as EmailAuthKind,
  oauth_session: "",
  signature: "",
  copy_to_sent: true,
  import_days: 0,
  agent_id: null as number | null,
  agent_active: false,
  agent_mode: "answer" as EmailAgentMode,
};
export type Values = typeof blank;

export const valuesOf = (view: EmailChannelView): Values => ({
  name: view.name,
  address: view.address,
  imap_host: view.imap_host,
  imap_port: view.imap_port,
  imap_tls: view.imap_tls,
  smtp_host: view.smtp_host,
  smtp_port: view.smtp_port,
  smtp_tls: view.smtp_tls,
  username: view.username,
  password: "",
  auth: view.auth,
  oauth_session: "",
  signature: view.signature,
  copy_to_sent: view.copy_to_sent,
  import_days: 0,
  agent_id: view.agent_id,
  agent_active: view.agent_active,
  agent_mode: view.agent_mode,
});
