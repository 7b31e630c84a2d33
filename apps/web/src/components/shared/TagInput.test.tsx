import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { pressBackspace, pressEnter } from "./tag-input.ts";
import { TagInput } from "./TagInput.tsx";
import { renderWithProviders } from "./test-utils.tsx";

describe("tag input rules (spec §5)", () => {
  it("Enter adds only a non-empty tag that is not there yet", () => {
    expect(pressEnter({ tags: ["vip"], input: "   ", armed: false }).tags).toEqual(["vip"]);
    expect(pressEnter({ tags: ["vip"], input: " vip ", armed: false }).tags).toEqual(["vip"]);
    expect(pressEnter({ tags: ["vip"], input: " new ", armed: false })).toEqual({ tags: ["vip", "new"], input: "", armed: false });
  });

  it("Backspace on an empty input arms first, then removes the last tag", () => {
    const armed = pressBackspace({ tags: ["a", "b"], input: "", armed: false });
    expect(armed).toEqual({ tags: ["a", "b"], input: "", armed: true });
    expect(pressBackspace(armed)).toEqual({ tags: ["a"], input: "", armed: false });
    expect(pressBackspace({ tags: ["a"], input: "x", armed: true })).toEqual({ tags: ["a"], input: "x", armed: false });
  });
});

function Harness() {
  const [tags, setTags] = useState(["vip"]);
  return (
    <>
      <TagInput label="Шошго" value={tags} onChange={setTags} />
      <output data-testid="tags">{tags.join(",")}</output>
    </>
  );
}

describe("TagInput", () => {
  it("adds with Enter, ignores empty and repeated tags", async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText("Шошго");
    await userEvent.type(input, "{Enter}vip{Enter}");
    expect(screen.getByTestId("tags")).toHaveTextContent(/^vip$/);
    expect(input).toHaveValue("vip");
    await userEvent.clear(input);
    await userEvent.type(input, "шинэ{Enter}");
    expect(screen.getByTestId("tags")).toHaveTextContent("vip,шинэ");
    expect(input).toHaveValue("");
  });

  it("highlights the last tag on the first Backspace and removes it on the second", async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText("Шошго");
    await userEvent.type(input, "шинэ{Enter}{Backspace}");
    expect(screen.getByTestId("tags")).toHaveTextContent("vip,шинэ");
    expect(screen.getByText("шинэ").closest("[data-armed]")).not.toBeNull();
    expect(screen.getByText("vip").closest("[data-armed]")).toBeNull();
    await userEvent.type(input, "{Backspace}");
    expect(screen.getByTestId("tags")).toHaveTextContent(/^vip$/);
  });
});
