/** The shared libraries of settings: interaction tags and saved responses (the settings page and the composer's `/`). */
export const interactionTagKeys = { all: ["interaction-tags"] as const };

export const savedResponseKeys = {
  all: ["saved-responses"] as const,
  page: (search: string, page: number) => [...savedResponseKeys.all, "page", search, page] as const,
  slash: (text: string) => [...savedResponseKeys.all, "slash", text] as const,
};
