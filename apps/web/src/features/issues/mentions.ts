import type { IssueRef } from "@holboo/core";

/** The name being typed after an "@" at the end of the text (at the start or after a space), else null. */
export function mentionQuery(text: string): string | null {
  const match = /(?:^|\s)@([^\s@]{0,30})$/u.exec(text);
  return match ? (match[1] ?? "") : null;
}

/** Replaces the "@query" being typed with "@Full Name ". */
export function insertMention(text: string, person: IssueRef): string {
  return text.replace(/@([^\s@]{0,30})$/u, `@${person.name} `);
}

/** Colleagues picked while typing whose "@Name" is still in the text, once each. */
export function mentionedIds(text: string, picked: IssueRef[]): number[] {
  return [...new Set(picked.filter((person) => text.includes(`@${person.name}`)).map((person) => person.id))];
}

export const matchingPeople = (people: IssueRef[], query: string) =>
  people.filter((person) => person.name.toLocaleLowerCase().includes(query.toLocaleLowerCase())).slice(0, 6);
