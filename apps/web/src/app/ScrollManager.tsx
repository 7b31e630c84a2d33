import { LIMITS } from "@holboo/core";
import { useEffect } from "react";
import { useLocation } from "react-router";

/** After each navigation: 100 ms later, smooth-scroll to the hash's element, else to the top (spec §2). */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      if (target) target.scrollIntoView({ behavior: "smooth" });
      else window.scrollTo({ top: 0, behavior: "smooth" });
    }, LIMITS.scrollToHashDelayMs);
    return () => clearTimeout(timer);
  }, [pathname, search, hash]);
  return null;
}
