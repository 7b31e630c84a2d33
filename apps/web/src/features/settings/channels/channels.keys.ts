/** The company's channels: the list every channel picker reads, and each social channel's own settings. */
export const channelKeys = {
  all: ["channels"] as const,
  company: (companyId: number | undefined) => [...channelKeys.all, companyId] as const,
  social: (channelId: number | undefined) => [...channelKeys.all, "social", channelId] as const,
};
