import type { ChannelView } from "@holboo/core";
import { Switch } from "@mantine/core";
import type { Column } from "../../components/shared/DataTable.tsx";

/** The column whose switch turns a channel on or off (read only without settings.edit), shared by the channel lists. */
export function channelActiveColumn(label: string, canEdit: boolean, onToggle: (channel: ChannelView) => void): Column<ChannelView> {
  return {
    key: "active",
    header: label,
    cell: (channel) => <Switch checked={channel.active} disabled={!canEdit} onChange={() => onToggle(channel)} aria-label={label} />,
  };
}
