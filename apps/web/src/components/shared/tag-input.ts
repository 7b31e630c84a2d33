/** Spec §5 tag input: Enter adds a non-empty tag not yet present; Backspace on an empty input arms, then removes. */
export interface TagInputState {
  tags: string[];
  input: string;
  /** The last tag is highlighted and the next Backspace removes it. */
  armed: boolean;
}

export function pressEnter(state: TagInputState): TagInputState {
  const value = state.input.trim();
  if (!value || state.tags.includes(value)) return { ...state, armed: false };
  return { tags: [...state.tags, value], input: "", armed: false };
}

export function pressBackspace(state: TagInputState): TagInputState {
  if (state.input !== "" || !state.tags.length) return { ...state, armed: false };
  if (!state.armed) return { ...state, armed: true };
  return { tags: state.tags.slice(0, -1), input: "", armed: false };
}
