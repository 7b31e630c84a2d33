/** Avatar initials: at most two characters, from the first letters of the first two words. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "");
  return letters.join("").toLocaleUpperCase().slice(0, 2);
}

export const fullName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last].filter((part) => part && part.trim()).join(" ");
