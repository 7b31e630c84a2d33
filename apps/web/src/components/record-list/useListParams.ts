import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/** A change of the address's query: a null or empty value removes that part. */
export type ParamPatch = Record<string, string | null>;

export interface ListParams<Filter extends string> {
  /** The active page, from 1 (`?page=`, absent on page 1). */
  page: number;
  setPage: (page: number) => void;
  /** The filters present in the address, by name. */
  filters: Partial<Record<Filter, string>>;
  /** Sets one filter; a new filter starts again at page 1. */
  setFilter: (name: Filter, value: string | null) => void;
  /** What the search box shows now, and the settled search (`?q=`) the query uses. */
  search: { text: string; setText: (text: string) => void; settled: string };
  /** Raw access for what a screen keeps beside its filters (a date range): also starts again at page 1. */
  params: URLSearchParams;
  patch: (patch: ParamPatch) => void;
}

/**
 * A record list's state in the address (filters, `q`, `page`), so Back from a record, the browser's history and a
 * shared link show the same rows. Changes replace the history entry: typing a search is not a trail of pages.
 */
export function useListParams<Filter extends string>(filterNames: readonly Filter[], { debounceMs = 300 } = {}): ListParams<Filter> {
  const [params, setParams] = useSearchParams();
  const write = (patch: ParamPatch) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const filters: Partial<Record<Filter, string>> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const inAddress = params.get("q") ?? "";
  const [text, setText] = useState(inAddress);
  const [debounced] = useDebouncedValue(text.trim(), debounceMs);
  useEffect(() => {
    if (inAddress !== debounced) write({ q: debounced || null, page: null });
    // Only a settled search changes the address (write is new each render; the address is read above).
  }, [debounced]);
  // Back or a followed link changes the address under the box: the box follows it.
  useEffect(() => {
    if (inAddress !== debounced) setText(inAddress);
  }, [inAddress]);
  return {
    page,
    setPage: (next) => write({ page: next > 1 ? String(next) : null }),
    filters,
    setFilter: (name, value) => write({ [name]: value, page: null }),
    search: { text, setText, settled: inAddress },
    params,
    patch: (patch) => write({ ...patch, page: null }),
  };
}
