import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../../../test/harness.ts";
import { PASSWORD, linkFromMail, signUp } from "../../../test/factories.ts";
import { startServerProcess, type ServerProcess } from "../../../test/processes.ts";
import { until } from "../../../test/sockets.ts";

/** The installation as `npm start` runs it, without SMTP_URL: its console is what the operator reads. */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ SMTP_URL: "" });
}, 120_000);
afterAll(() => server?.stop());

describe("the server's console, without SMTP", () => {
  it("shows a lone owner who forgot their password the reset link, which the outbox does not", async () => {
    const { email } = await signUp(server);
    expect((await new Client(server.url).post("/api/password/forgot", { email })).status).toBe(200);
    await until(() => server.output().includes(`To: ${email}\n`), 10_000);
    const printed = server.output().slice(server.output().lastIndexOf(`To: ${email}\n`));
    expect(server.output()).toContain("Mail not sent (SMTP_URL is not set)");
    const token = linkFromMail({ text: printed }).searchParams.get("token");
    expect((await new Client(server.url).post("/api/password/reset", { token, password: "back-in-again-42" })).status).toBe(200);
    expect((await new Client(server.url).post("/api/login", { email, password: "back-in-again-42" })).status).toBe(200);
    expect((await new Client(server.url).post("/api/login", { email, password: PASSWORD })).status).toBe(401);
  });
});
