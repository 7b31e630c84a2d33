import type { ChannelType } from "@holboo/core";
import { IconBrandMessenger, IconBrandViber, IconMail, IconMessageCircle, IconPhone } from "@tabler/icons-react";

/** The provider's mark beside a conversation's channel name, so Messenger, Viber and web chat tell apart at a glance. */
export function ChannelIcon({ type, size = 12 }: { type: ChannelType; size?: number }) {
  const Icon = { messenger: IconBrandMessenger, viber: IconBrandViber, email: IconMail, voice: IconPhone, webchat: IconMessageCircle }[type];
  return <Icon size={size} aria-hidden data-testid={`channel-icon-${type}`} />;
}
