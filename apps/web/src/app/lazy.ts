import type { ComponentType } from "react";
import { allNamespaces } from "../i18n/index.ts";

/**
 * A route's `lazy` that loads its screen when first opened, so the first screen does not carry
 * every other screen's code: `lazy: screen(() => import("./Page.tsx"), (m) => m.Page)`. The
 * translations beyond the first screen's load alongside, so the screen renders with its texts.
 */
export const screen =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => {
    const [module] = await Promise.all([load(), allNamespaces()]);
    return { Component: pick(module) };
  };
