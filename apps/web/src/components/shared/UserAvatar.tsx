import { initials } from "@holboo/core";
import { Avatar, type MantineSize } from "@mantine/core";

interface Props {
  name: string;
  photoUrl?: string | null;
  size?: MantineSize | number;
  color?: string;
}

/** The photo when there is one, otherwise at most two initials (spec §9). */
export function UserAvatar({ name, photoUrl, size = "md", color = "indigo" }: Props) {
  return (
    <Avatar src={photoUrl || null} alt={name} size={size} radius="xl" color={color} title={name}>
      {initials(name)}
    </Avatar>
  );
}
