import type { ComponentType } from "react";
import { allNamespaces } from "../i18n/index.ts";
import { withLaterStyles } from "./later-styles.ts";

/**
 * A route's `lazy` that loads its screen when first opened, so the first screen does not carry
 * every other screen's code: `lazy: screen(() => import("./Page.tsx"), (m) => m.Page)`. The
 * translations beyond the first screen's load alongside, so the screen renders with its texts, and so
 * do the Mantine styles the first screen does not need.
 */
export const screen =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => {
    const [module] = await Promise.all([withLaterStyles(load()), allNamespaces()]);
    return { Component: pick(module) };
  };
