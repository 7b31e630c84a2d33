/** Page list for the shared pagination component (spec §9). `null` stands for an ellipsis. */
export type PageItem = number | null;

export function pageItems(active: number, total: number): PageItem[] {
  if (total <= 1) return [];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= 7) return range(1, total);
  if (active <= 4) return [...range(1, 5), null, total];
  if (active >= total - 2) return [1, null, ...range(total - 4, total)];
  return [1, null, active - 1, active, active + 1, null, total];
}

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
