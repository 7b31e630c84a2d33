/** One code of the error catalogue: the HTTP status it is answered with and its message in each locale. */
export interface ErrorEntry {
  status: number;
  mn: string;
  en: string;
}

export const entry = (status: number, mn: string, en: string): ErrorEntry => ({ status, mn, en });
