import { useSearchParams } from "react-router";

/** Tab widgets read `?tab=` (default 1) so a tab can be linked to. */
export function useTabParam(): [string, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") ?? "1";
  return [
    tab,
    (next) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.set("tab", next ?? "1");
        return copy;
      }),
  ];
}
