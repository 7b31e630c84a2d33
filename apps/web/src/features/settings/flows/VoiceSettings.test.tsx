import type { FlowNodeData } from "@holboo/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../i18n/index.ts";
import { jsonResponse, renderRoutes } from "../../../test/render.tsx";
import { NodeEditor } from "./NodeEditor.tsx";
import { sourceAnchors } from "./graph.ts";

const fetchMock = vi.fn<typeof fetch>();
const FILE_ID = "0b6f5f0e-3c7a-4c2f-9d0e-1f2a3b4c5d6e";
let latest: FlowNodeData = {};

function Editor({ initial, voice }: { initial: FlowNodeData; voice: boolean }) {
  const [data, setData] = useState<FlowNodeData>(initial);
  latest = data;
  return <NodeEditor kind="button" data={data} onChange={setData} flowId={1} voice={voice} />;
}
const menu: FlowNodeData = { prompt: {}, choices: [{ id: "c1", label: "Борлуулалт", digit: "1" }], timeout_s: 5, retries: 1 };

beforeEach(async () => {
  vi.stubGlobal("fetch", fetchMock);
  await i18n.changeLanguage("mn");
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("a call operator's digit menu", () => {
  it("uploads a recording per language, then plays it back; each choice has its key", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { file_id: FILE_ID, name: "menu.wav", mime: "audio/wav", size: 44 }));
    renderRoutes([{ path: "/", element: <Editor initial={menu} voice /> }], "/");
    expect(screen.getByText("Дуу бичлэг")).toBeInTheDocument();
    expect(screen.getByTestId("node-choice-digit-0")).toHaveValue("1");
    // Callers hear recordings: the chat card's text is not asked for.
    expect(screen.queryByTestId("node-text")).not.toBeInTheDocument();
    expect(screen.queryByTestId("prompt-player-mn")).not.toBeInTheDocument();
    const input = screen.getByTestId("prompt-mn").querySelector("input[type=file]") as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array([82, 73, 70, 70])], "menu.wav", { type: "audio/wav" }));
    await waitFor(() => expect(screen.getByTestId("prompt-player-mn")).toHaveAttribute("src", `/api/files/${FILE_ID}`));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain("/api/flows/prompts");
    expect(init?.body).toBeInstanceOf(FormData);
    expect(latest.prompt).toEqual({ mn: FILE_ID });
    expect(screen.queryByTestId("prompt-player-en")).not.toBeInTheDocument();
  });

  it("leaves by each key, by no key and by a wrong key; a chat flow's buttons only by their choices", () => {
    expect(sourceAnchors("button", menu)).toEqual(["c1", "no_input", "invalid"]);
    expect(sourceAnchors("button", { choices: [{ id: "c1", label: "A" }] })).toEqual(["c1"]);
  });
});
