import { BREAKPOINTS } from "@holboo/core";
import { useMediaQuery } from "@mantine/hooks";

export type Breakpoint = keyof typeof BREAKPOINTS;

/** True when the viewport is at least the given spec §9 breakpoint wide (sm 600 … xxl 2560). */
export function useBreakpoint(name: Breakpoint): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS[name]}px)`, false, { getInitialValueInEffect: false }) ?? false;
}
