import { useCallback, useEffect, useRef } from "react";

/**
 * The newest message stays in view while the person is at the bottom (new messages, pictures that load, their own
 * sends); scrolled up to read, they stay where they are, and older messages load above without moving the view.
 * `shown`: the thread's scroll box is on screen (its refs are set). `keepPosition` before older messages go in
 * above; `toBottom` before a send, so it comes into view.
 */
export function useFollowNewest(shown: boolean) {
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  useEffect(() => {
    const box = viewport.current;
    const inner = content.current;
    if (!box || !inner) return;
    const follow = () => {
      if (keepFromBottom.current !== null) box.scrollTop = box.scrollHeight - keepFromBottom.current;
      else if (atBottom.current) box.scrollTop = box.scrollHeight;
      keepFromBottom.current = null;
    };
    follow();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(follow);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [shown]);

  const onScroll = useCallback(() => {
    const box = viewport.current;
    if (box) atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
  }, []);
  const keepPosition = useCallback(() => {
    const box = viewport.current;
    if (box) keepFromBottom.current = box.scrollHeight - box.scrollTop;
  }, []);
  const toBottom = useCallback(() => {
    atBottom.current = true;
  }, []);

  return { viewport, content, onScroll, keepPosition, toBottom };
}

export type FollowNewest = ReturnType<typeof useFollowNewest>;
