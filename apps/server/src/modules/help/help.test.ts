import type { AdminFeedbackView, FeedbackView, InteractionView, NotificationPreferences, TourState, UnreadSummary } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, errorCode, fieldCode, startTestApp, type TestApp } from "../../../test/harness.ts";
import { companyAdmin, platformAdmin, visitor, webchatCompany } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// A 1×1 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
const upload = (client: Client, data: Uint8Array, name: string) => {
  const form = new FormData();
  form.append("file", new Blob([data]), name);
  return client.request<{ file_id: string; mime: string }>("POST", "/api/attachments", undefined, { raw: form });
};

describe("feedback", () => {
  it("is stored per company with an optional screenshot, and platform admins read it with its sender", async () => {
    const company = await companyAdmin(t);
    const shot = await upload(company.client, PNG, "screen.png");
    expect(shot.status, JSON.stringify(shot.body)).toBe(200);
    const sent = await company.client.post<FeedbackView>("/api/feedback", {
      category: "technical",
      details: "Файл хавсаргахад алдаа гарлаа",
      screenshot_file_id: shot.body.file_id,
    });
    expect(sent.body).toMatchObject({ category: "technical", has_screenshot: true });
    expect(fieldCode(await company.client.post("/api/feedback", { category: "technical", details: " " }), "details")).toBe("required");
    expect(fieldCode(await company.client.post("/api/feedback", { category: "bug", details: "x" }), "category")).toBe("required");
    const root = await platformAdmin(t);
    const listed = (await root.get<{ items: AdminFeedbackView[] }>("/api/admin/feedback?page_size=100")).body.items.find((f) => f.id === sent.body.id);
    expect(listed).toMatchObject({ company: { id: company.me.company_id }, user: { email: company.email }, details: "Файл хавсаргахад алдаа гарлаа" });
    const image = await root.get(`/api/admin/feedback/${sent.body.id}/screenshot`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await company.client.get("/api/admin/feedback")).status).toBe(403);
  });

  it("never attaches another company's file, nor a file that is not an image", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    const bShot = await upload(b.client, PNG, "b.png");
    expect(errorCode(await a.client.post("/api/feedback", { category: "other", details: "x", screenshot_file_id: bShot.body.file_id }))).toBe("file_not_found");
    const pdf = await upload(a.client, new TextEncoder().encode("%PDF-1.4 test"), "a.pdf");
    expect(
      fieldCode(await a.client.post("/api/feedback", { category: "other", details: "x", screenshot_file_id: pdf.body.file_id }), "screenshot_file_id"),
    ).toBe("invalid_parameters");
  });
});

describe("notification preferences", () => {
  it("are on until a person switches them, and are that person's own", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    expect((await a.client.get<NotificationPreferences>("/api/me/notifications")).body).toEqual({ sound: true, browser: true });
    expect((await a.client.put<NotificationPreferences>("/api/me/notifications", { sound: false, browser: true })).body).toEqual({
      sound: false,
      browser: true,
    });
    expect((await a.client.get<NotificationPreferences>("/api/me/notifications")).body).toEqual({ sound: false, browser: true });
    expect((await b.client.get<NotificationPreferences>("/api/me/notifications")).body).toEqual({ sound: true, browser: true });
  });
});

describe("unread counts", () => {
  it("count customer messages the person has not read, per conversation and for the tab, until they read them", async () => {
    const company = await webchatCompany(t);
    const other = await webchatCompany(t);
    const v = await visitor(t, company.channel);
    const first = await v.send("Сайн байна уу");
    await v.send("Асуулт байна");
    const id = first.body.interaction_id;
    expect((await company.client.get<InteractionView>(`/api/interactions/${id}`)).body.unread_count).toBe(2);
    expect((await company.client.get<UnreadSummary>("/api/interactions/unread")).body).toEqual({ conversations: 1, messages: 2 });
    expect((await other.client.get<UnreadSummary>("/api/interactions/unread")).body).toEqual({ conversations: 0, messages: 0 });
    const last = (await company.client.get<InteractionView>(`/api/interactions/${id}`)).body.last_seq;
    await company.client.post(`/api/interactions/${id}/seen`, { up_to_seq: last });
    expect((await company.client.get<{ items: InteractionView[] }>("/api/interactions")).body.items.find((i) => i.id === id)?.unread_count).toBe(0);
    expect((await company.client.get<UnreadSummary>("/api/interactions/unread")).body).toEqual({ conversations: 0, messages: 0 });
  });
});

describe("guided tour", () => {
  it("is new until offered, keeps each person's own step to resume, and refuses a step that does not exist", async () => {
    const a = await companyAdmin(t);
    const b = await companyAdmin(t);
    expect((await a.client.get<TourState>("/api/me/tour")).body).toEqual({ status: "new", step: 0 });
    expect((await a.client.put<TourState>("/api/me/tour", { status: "running", step: 3 })).body).toEqual({ status: "running", step: 3 });
    expect((await a.client.get<TourState>("/api/me/tour")).body).toEqual({ status: "running", step: 3 });
    expect((await b.client.get<TourState>("/api/me/tour")).body).toEqual({ status: "new", step: 0 });
    expect(fieldCode(await a.client.put("/api/me/tour", { status: "running", step: 8 }), "step")).toBe("invalid_parameters");
    expect(fieldCode(await a.client.put("/api/me/tour", { status: "new", step: 0 }), "status")).toBe("invalid_parameters");
    expect((await a.client.get<TourState>("/api/me/tour")).body).toEqual({ status: "running", step: 3 });
    expect((await a.client.put<TourState>("/api/me/tour", { status: "finished", step: 7 })).body).toEqual({ status: "finished", step: 7 });
    expect((await b.client.put<TourState>("/api/me/tour", { status: "dismissed", step: 0 })).body).toEqual({ status: "dismissed", step: 0 });
    expect((await a.client.get<TourState>("/api/me/tour")).body).toEqual({ status: "finished", step: 7 });
  });
});
