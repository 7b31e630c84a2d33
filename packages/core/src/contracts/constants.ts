/**
 * Plain values that contracts build their schemas from, in a module without zod: a client screen
 * that needs only one of them (a list of moods, a socket refusal) does not pull in the schemas.
 */

export const MOODS = ["angry", "frowning", "normal", "grinning"] as const;

export const ISSUE_SETTING_KINDS = ["type", "tag", "reason"] as const;
export type IssueSettingKind = (typeof ISSUE_SETTING_KINDS)[number];
/** The API path of each kind (settings pages /settings/issue_type, issue_tag, issue_name). */
export const ISSUE_SETTING_PATHS = { type: "/api/issue-types", tag: "/api/issue-tags", reason: "/api/issue-reasons" } as const satisfies Record<
  IssueSettingKind,
  string
>;

/**
 * Why the server refused a staff socket at its handshake (Socket.IO's connect_error message): a page of another site,
 * or no live session (signed out, company closed, two-step set-up pending). The web app names the reason in its banner.
 */
export const STAFF_SOCKET_REFUSALS = { origin: "origin_not_allowed", session: "unauthorized" } as const;

/** A conversation's last-message line in the inbox: the text, or the attachments' names (server and live patches alike). */
export const messagePreview = (text: string, attachments: ReadonlyArray<{ name: string }>) =>
  (text.trim() || attachments.map((a) => a.name).join(", ")).slice(0, 140);

/** The guided tour's steps over the real screens, in order (spec §3: help for new staff). */
export const TOUR_STEPS = ["menu", "inbox", "conversation", "composer", "contacts", "knowledge", "settings", "help"] as const;
export type TourStep = (typeof TOUR_STEPS)[number];
/** new: not offered yet; running: started, resumable at `step`; dismissed: offer declined; finished. */
export const TOUR_STATUSES = ["new", "running", "dismissed", "finished"] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];
