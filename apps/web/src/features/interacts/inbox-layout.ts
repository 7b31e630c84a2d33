import { em } from "@mantine/core";

/** Below this width the list and the conversation are two screens (a phone, a narrow window), not two columns. */
export const INBOX_TWO_COLUMNS = `(min-width: ${em(992)})`;

/** From this width the conversation's details stand beside it; below, they open in a drawer from its header. */
export const INBOX_DETAILS_BESIDE = `(min-width: ${em(1200)})`;

/**
 * A part of the inbox that takes the height its column gives it and scrolls inside itself (with `overflowY`), so the
 * page never grows past the window: flex items with a zero basis and no minimum, all the way down.
 */
export const fill = { flex: "1 1 0px", minHeight: 0, minWidth: 0, display: "flex", flexDirection: "column" } as const;
