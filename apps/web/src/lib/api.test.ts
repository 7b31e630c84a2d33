import { CSRF_COOKIE, CSRF_HEADER } from "@holboo/core";
import { notifications } from "@mantine/notifications";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../i18n/index.ts";
import { api, errorText, fetchMe, fieldErrors, fillPath, MissingPathParam, notifyError } from "./api.ts";
import { ApiError, authRedirect, http } from "./http.ts";

vi.mock("@mantine/notifications", () => ({ notifications: { show: vi.fn() } }));

/** Response-like answers: undici's Response refuses status 600, which spec §8 handles. */
const answer = (status: number, text = "") => ({ ok: status >= 200 && status < 300, status, text: () => Promise.resolve(text) }) as Response;
const failure = (code: string) => JSON.stringify({ error: { code, message: "server text" } });

const fetchMock = vi.fn<typeof fetch>();
const toLogin = vi.fn();

async function failedCall(status: number, text = ""): Promise<ApiError> {
  fetchMock.mockResolvedValueOnce(answer(status, text));
  const error: unknown = await http.get("/api/things").catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error("expected an ApiError");
  return error;
}

beforeEach(async () => {
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(authRedirect, "toLogin").mockImplementation(toLogin);
  await i18n.changeLanguage("mn");
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  document.cookie = `${CSRF_COOKIE}=; Max-Age=0; Path=/`;
});

describe("api client error mapping (spec §8)", () => {
  it("600 shows the response text as it is", async () => {
    expect(errorText(await failedCall(600, "Гэрээний хугацаа дууссан"))).toBe("Гэрээний хугацаа дууссан");
  });

  it("400, 403, 404, 500 and 502 without a code show their own catalogue message", async () => {
    expect(errorText(await failedCall(400))).toBe("Алдаа гарлаа");
    expect(errorText(await failedCall(403))).toBe("Танд энэ үйлдлийг хийх эрх байхгүй байна. Админд хандана уу.");
    expect(errorText(await failedCall(404))).toBe("Хайсан зүйл олдсонгүй.");
    expect(errorText(await failedCall(500))).toBe("Серверийн дотоод алдаа гарлаа.");
    expect(errorText(await failedCall(502))).toBe("Гадаад үйлчилгээ хариу өгсөнгүй.");
  });

  it("a known code in the body gives that code's message, in the current locale", async () => {
    const error = await failedCall(403, failure("user_inactive"));
    expect(error.code).toBe("user_inactive");
    expect(errorText(error)).toBe("Таны эрх идэвхгүй болсон байна. Байгууллагынхаа админд хандана уу.");
    await i18n.changeLanguage("en");
    expect(errorText(error)).toBe("Your account is deactivated. Please contact your organisation's admin.");
  });

  it("carries the server's field codes; one that is not a code is dropped, an unknown one shows the generic message", async () => {
    const body = JSON.stringify({
      error: { code: "validation_failed", message: "x", fields: { company_name: "name_too_short", other: "not_in_catalogue", broken: 4, spaced: "a b" } },
    });
    const error = await failedCall(400, body);
    expect(error.fields).toEqual({ company_name: "name_too_short", other: "not_in_catalogue" });
    expect(fieldErrors(error)).toEqual({ company_name: expect.stringMatching(/\S/), other: "Алдаа гарлаа" });
    expect(fieldErrors(error).company_name).not.toBe("Алдаа гарлаа");
  });

  it("any other status shows the generic 'Алдаа гарлаа'", async () => {
    expect(errorText(await failedCall(418))).toBe("Алдаа гарлаа");
    expect(errorText(await failedCall(503, "<html>down</html>"))).toBe("Алдаа гарлаа");
  });

  it("a network failure is network_error", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = await http.post("/api/things", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorText(error)).toBe("Сүлжээний алдаа гарлаа. Холболтоо шалгана уу.");
  });

  it("notifyError shows the message as a red notification", async () => {
    notifyError(await failedCall(404));
    await vi.waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: "red", message: "Хайсан зүйл олдсонгүй." })));
  });
});

describe("api client authentication", () => {
  it("a 401 sends the browser to /pub/login", async () => {
    const error = await failedCall(401, failure("unauthorized"));
    expect(errorText(error)).toBe("Нэвтрэх шаардлагатай.");
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it("GET /api/me answering 401 means 'not logged in' and does not redirect", async () => {
    fetchMock.mockResolvedValueOnce(answer(401, failure("unauthorized")));
    await expect(fetchMe()).rejects.toMatchObject({ status: 401 });
    expect(toLogin).not.toHaveBeenCalled();
  });

  it("a wrong password stays on the form", async () => {
    await failedCall(401, failure("invalid_credentials"));
    expect(toLogin).not.toHaveBeenCalled();
  });

  it("sends the CSRF cookie's value in the x-csrf-token header on writes, not on reads", async () => {
    document.cookie = `${CSRF_COOKIE}=abc123; Path=/`;
    fetchMock.mockResolvedValue(answer(200, '{"ok":true}'));
    await expect(http.put("/api/me", { first_name: "Бат" })).resolves.toEqual({ ok: true });
    await http.get("/api/me");
    const [writeInit, readInit] = fetchMock.mock.calls.map(([, init]) => init);
    expect(writeInit).toMatchObject({ method: "PUT", credentials: "same-origin", body: '{"first_name":"Бат"}' });
    expect((writeInit?.headers as Record<string, string>)[CSRF_HEADER]).toBe("abc123");
    expect((readInit?.headers as Record<string, string>)[CSRF_HEADER]).toBeUndefined();
  });
});

describe("typed api", () => {
  it("fills the route's path from its params, URI-encoded, and sends query and body", async () => {
    fetchMock.mockResolvedValue(answer(200, '{"ok":true}'));
    await api.get("/api/users", { query: { search: "Бат & Дорж", page: 2, user_type: null } });
    await api.put("/api/users/:id/status", { params: { id: 7 }, body: { user_status: "inactive" } });
    const [read, write] = fetchMock.mock.calls;
    expect(read?.[0]).toBe("/api/users?search=%D0%91%D0%B0%D1%82+%26+%D0%94%D0%BE%D1%80%D0%B6&page=2");
    expect(write?.[0]).toBe("/api/users/7/status");
    expect(write?.[1]).toMatchObject({ method: "PUT", body: '{"user_status":"inactive"}' });
    expect(fillPath("/api/knowledge/:id", { id: "a/b c" })).toBe("/api/knowledge/a%2Fb%20c");
  });

  it("refuses to send a call whose path parameter is missing, instead of calling a wrong URL", () => {
    expect(() => api.get("/api/users/:id", { params: { id: null } })).toThrow(MissingPathParam);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
