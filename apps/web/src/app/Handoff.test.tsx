import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoutes } from "../test/render.tsx";
import { Handoff, handoffReload } from "./Handoff.tsx";

const fetchMock = vi.fn<typeof fetch>();
const reload = vi.fn();

const routesFor = (token: string) => [
  { path: "/interacts", element: <Handoff token={token} userID="5" email="a@b.mn" cleanPath="/interacts?tab=2#top" /> },
  { path: "/pub/login", element: <p>login page</p> },
];

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(handoffReload, "to").mockImplementation(reload);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  reload.mockReset();
});

describe("guard rule 2 hand-off", () => {
  it("exchanges the one-time token once, then reloads the same path without the three parameters", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ID: 5, company_id: 7 }));
    renderRoutes(routesFor("one-time-token-aaaaaaaaaaaa"), "/interacts?tab=2&token=one-time-token-aaaaaaaaaaaa&userID=5&email=a%40b.mn#top");
    await waitFor(() => expect(reload).toHaveBeenCalledWith("/interacts?tab=2#top"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/handoff",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ token: "one-time-token-aaaaaaaaaaaa", userID: 5, email: "a@b.mn" }) }),
    );
  });

  it("when the exchange fails, shows the error and goes to /pub/login", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: "handoff_invalid", message: "x" } }));
    renderRoutes(routesFor("spent-token-bbbbbbbbbbbbbbbb"), "/interacts");
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(await screen.findByText("Нэвтрэх холбоос хүчингүй эсвэл хугацаа нь дууссан байна.")).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it("for an account with two-step verification asks for the code, and reloads the path only once it is right", async () => {
    const challenge = "c".repeat(43);
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { two_factor_required: true, challenge }))
      .mockResolvedValueOnce(jsonResponse(200, { ID: 5, company_id: 7 }));
    renderRoutes(routesFor("support-token-cccccccccccccc"), "/interacts");
    const code = await screen.findByTestId("login-code");
    expect(reload).not.toHaveBeenCalled();
    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByTestId("login-code-submit"));
    await waitFor(() => expect(reload).toHaveBeenCalledWith("/interacts?tab=2#top"));
    expect(fetchMock).toHaveBeenLastCalledWith("/api/login/two-factor", expect.objectContaining({ body: JSON.stringify({ challenge, code: "123456" }) }));
  });
});
