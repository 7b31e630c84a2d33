import { mergeAttributes, Node } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";

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
        ({ chain }) =>
          chain()
            .insertContent({ type: this.name, content: [{ type: "paragraph" }, { type: "figcaption" }] })
            // The cursor lands in the caption; put it in the figure's block, where the writing starts.
            .command(({ tr }) => {
              const $pos = tr.selection.$from;
              for (let depth = $pos.depth; depth > 0; depth--) {
                if ($pos.node(depth).type.name === this.name) {
                  tr.setSelection(TextSelection.create(tr.doc, $pos.before(depth) + 2));
                  break;
                }
              }
              return true;
            })
            .run(),
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
