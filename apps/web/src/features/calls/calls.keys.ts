export const callKeys = {
  all: ["calls"] as const,
  settings: () => [...callKeys.all, "settings"] as const,
  monitor: (lineId: number | null) => [...callKeys.all, "monitor", lineId] as const,
  minutes: (lineId: number | null) => [...callKeys.all, "minutes", lineId] as const,
  interaction: (id: number) => [...callKeys.all, "interaction", id] as const,
  contact: (id: number) => [...callKeys.all, "contact", id] as const,
};
