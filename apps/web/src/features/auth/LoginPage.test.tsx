import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n/index.ts";
import { jsonResponse, renderRoutes } from "../../test/render.tsx";
import { LoginPage } from "./LoginPage.tsx";

const fetchMock = vi.fn<typeof fetch>();
const routes = [
  { path: "/pub/login", element: <LoginPage /> },
  { path: "/interacts", element: <p>inbox</p> },
];

beforeEach(async () => {
  vi.stubGlobal("fetch", fetchMock);
  await i18n.changeLanguage("mn");
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("login page", () => {
  it("renders the login form with sign-up and forgotten-password ways", () => {
    renderRoutes(routes, "/pub/login");
    expect(screen.getByRole("heading", { name: "Нэвтрэх" })).toBeInTheDocument();
    expect(screen.getByLabelText("И-мэйл")).toBeInTheDocument();
    expect(screen.getByLabelText("Нууц үг")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Бүртгүүлэх" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Нууц үгээ мартсан уу?" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Овог")).not.toBeInTheDocument();
  });

  it("renders the sign-up form with ?mode=signup, in English when chosen", async () => {
    await i18n.changeLanguage("en");
    renderRoutes(routes, "/pub/login?mode=signup");
    expect(screen.getByRole("heading", { name: "Sign up" })).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toBeInTheDocument();
    expect(screen.getByLabelText("Last name")).toBeInTheDocument();
  });

  it("checks the fields with the core schema before sending", async () => {
    renderRoutes(routes, "/pub/login");
    await userEvent.type(screen.getByLabelText("И-мэйл"), "not-an-email");
    await userEvent.click(screen.getAllByRole("button", { name: "Нэвтрэх" }).at(-1) as HTMLElement);
    expect(await screen.findByText("И-мэйл буруу байна.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a deactivated user sees the message to contact the admin", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: { code: "user_inactive", message: "inactive" } }));
    renderRoutes(routes, "/pub/login");
    await userEvent.type(screen.getByLabelText("И-мэйл"), "saraa@nomin.mn");
    await userEvent.type(screen.getByLabelText("Нууц үг"), "correct-horse-42");
    await userEvent.click(screen.getAllByRole("button", { name: "Нэвтрэх" }).at(-1) as HTMLElement);
    expect(await screen.findByTestId("auth-error")).toHaveTextContent("Таны эрх идэвхгүй болсон байна. Байгууллагынхаа админд хандана уу.");
  });

  it("a successful login goes on to the app", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ID: 1, company_id: 7 }));
    const { router } = renderRoutes(routes, "/pub/login");
    await userEvent.type(screen.getByLabelText("И-мэйл"), "bat@nomin.mn");
    await userEvent.type(screen.getByLabelText("Нууц үг"), "correct-horse-42");
    await userEvent.click(screen.getAllByRole("button", { name: "Нэвтрэх" }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/interacts"));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/login",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "bat@nomin.mn", password: "correct-horse-42" }) }),
    );
  });

  it("asks for the authenticator code after a right password, shows a wrong one, and signs in with the next", async () => {
    const challenge = "c".repeat(43);
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { two_factor_required: true, challenge }))
      .mockResolvedValueOnce(jsonResponse(401, { error: { code: "two_factor_code_invalid", message: "wrong" } }))
      .mockResolvedValueOnce(jsonResponse(200, { ID: 1, company_id: 7 }));
    const { router } = renderRoutes(routes, "/pub/login");
    await userEvent.type(screen.getByLabelText("И-мэйл"), "bat@nomin.mn");
    await userEvent.type(screen.getByLabelText("Нууц үг"), "correct-horse-42");
    await userEvent.click(screen.getAllByRole("button", { name: "Нэвтрэх" }).at(-1) as HTMLElement);
    expect(await screen.findByRole("heading", { name: "Хоёр шатлалт баталгаажуулалт" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pub/login");
    await userEvent.type(screen.getByLabelText("Код"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Үргэлжлүүлэх" }));
    expect(await screen.findByTestId("auth-error")).toHaveTextContent("Баталгаажуулах код буруу эсвэл аль хэдийн ашиглагдсан байна.");
    await userEvent.click(screen.getByRole("button", { name: "Сэргээх код ашиглах" }));
    await userEvent.type(screen.getByLabelText("Сэргээх код"), "k7m2p-x9qrt");
    await userEvent.click(screen.getByRole("button", { name: "Үргэлжлүүлэх" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/interacts"));
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/login/two-factor",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ challenge, code: "k7m2p-x9qrt" }) }),
    );
  });
});
