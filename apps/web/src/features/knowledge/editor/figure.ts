import { mergeAttributes, Node } from "@tiptap/core";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    figure: {
      /** Inserts a figure: one block (an empty paragraph to write or paste into) and its caption. */
      insertFigure: () => ReturnType;
    };
  }
}

/** Spec §6: a figure holds exactly one block and one caption. */
export const Figure = Node.create({
  name: "figure",
  group: "block",
  content: "block figcaption",
  defining: true,
  isolating: true,
  parseHTML: () => [{ tag: "figure" }],
  renderHTML: ({ HTMLAttributes }) => ["figure", mergeAttributes(HTMLAttributes, { class: "kb-figure" }), 0],
  addCommands() {
    return {
      insertFigure:
        () =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, content: [{ type: "paragraph" }, { type: "figcaption" }] }),
    };
  },
});

export const Figcaption = Node.create({
  name: "figcaption",
  content: "inline*",
  defining: true,
  parseHTML: () => [{ tag: "figcaption" }],
  renderHTML: ({ HTMLAttributes }) => ["figcaption", mergeAttributes(HTMLAttributes), 0],
});
