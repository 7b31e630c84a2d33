/** Each web chat channel's own settings (its form, logo and snippet), apart from the company's channel list. */
export const webchatChannelKeys = {
  all: ["webchat"] as const,
  one: (id: number) => [...webchatChannelKeys.all, id] as const,
};
