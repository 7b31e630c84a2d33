/** The virtual agents: the settings list and the short list channel and knowledge pickers offer. */
export const agentKeys = {
  all: ["virtual-agents"] as const,
  options: () => [...agentKeys.all, "options"] as const,
};
