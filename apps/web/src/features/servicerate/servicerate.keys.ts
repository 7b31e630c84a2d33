/** The public rating page's one cache: the conversation behind the link's token. */
export const servicerateKeys = {
  all: ["servicerate"] as const,
  page: (token: string) => [...servicerateKeys.all, token] as const,
};
