/**
 * Mantine's stylesheets of the components the first screen does not render (styles/mantine-later.css): requested as
 * soon as the app starts, without holding its first render back. Code that renders those components lazily (the
 * screens of app/lazy.ts, the header's menus) waits for them, so nothing shows unstyled.
 */
const laterStyles: Promise<void> = import("../styles/mantine-later.css").then(
  () => undefined,
  // A stylesheet that failed to load must not fail the screen waiting for it: unstyled beats an error screen.
  () => undefined,
);

/** A lazy module, resolved once Mantine's later stylesheets have loaded too. */
export const withLaterStyles = <M>(load: Promise<M>): Promise<M> => Promise.all([load, laterStyles]).then(([module]) => module);
