/** The company's own settings: its details and its allowed mail domains. */
export const companyKeys = {
  all: ["company"] as const,
  details: () => [...companyKeys.all, "details"] as const,
  mailDomains: () => [...companyKeys.all, "mail-domains"] as const,
};
