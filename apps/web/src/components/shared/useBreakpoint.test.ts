import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useBreakpoint } from "./useBreakpoint.ts";

/** A viewport of the given width for matchMedia's min-width queries. */
function viewport(width: number) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      matches: width >= min,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    };
  });
}

describe("useBreakpoint", () => {
  afterEach(() => vi.restoreAllMocks());

  it("uses the spec breakpoints", () => {
    viewport(1000);
    expect(renderHook(() => useBreakpoint("sm")).result.current).toBe(true);
    expect(renderHook(() => useBreakpoint("md")).result.current).toBe(true);
    expect(renderHook(() => useBreakpoint("lg")).result.current).toBe(false);
    viewport(959);
    expect(renderHook(() => useBreakpoint("md")).result.current).toBe(false);
    viewport(2560);
    expect(renderHook(() => useBreakpoint("xxl")).result.current).toBe(true);
  });
});
