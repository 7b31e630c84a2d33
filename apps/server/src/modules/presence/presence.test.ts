import type { InteractionView } from "@holboo/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema.ts";
import { JobQueue } from "../../platform/jobs/queue.ts";
import { presenceExpiryJob } from "./presence.job.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { visitor, webchatCompany } from "../../../test/factories.ts";
import { collect, connected, staffSocket, until } from "../../../test/sockets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The scheduled sweep, run now through the app's own job queue (its schedule fires once a minute). */
async function sweep() {
  const key = `sweep-${Date.now()}-${Math.random()}`;
  await new JobQueue(t.config.JOBS_SCHEMA).add(t.database.db, presenceExpiryJob, {}, { key });
  await until(async () => (await t.database.pool.query(`SELECT 1 FROM ${t.config.JOBS_SCHEMA}._private_jobs WHERE key = $1`, [key])).rowCount === 0);
}
const task = (name: string) => t.app.periodic.find((candidate) => candidate.name === name) ?? { run: () => Promise.reject(new Error(`no task ${name}`)) };
const presenceOf = async (userId: number) =>
  (await t.database.db.select({ presence: users.presence, expiresAt: users.presenceExpiresAt }).from(users).where(eq(users.id, userId)))[0];
/** As if the process holding the person's socket had died: nobody extends the presence any more. */
const expire = (userId: number) =>
  t.database.db
    .update(users)
    .set({ presenceExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(users.id, userId));

describe("presence with a heartbeat and an expiry", () => {
  it("an expired presence takes no work even before the sweep, and the sweep sets it offline and tells the company", async () => {
    const company = await webchatCompany(t);
    const socket = staffSocket(t, company.client);
    await connected(socket);
    const signals = collect<{ user_id: number; presence: string }>(socket, "presence");
    await until(async () => (await presenceOf(company.me.ID))?.presence === "online");
    const before = await (await visitor(t, company.channel)).send("Сайн уу");
    const assigned = await company.client.get<InteractionView>(`/api/interactions/${before.body.interaction_id}`);
    expect(assigned.body.owner_type).toBe("user");

    await expire(company.me.ID);
    const after = await (await visitor(t, company.channel)).send("Сайн байна уу");
    const queued = await company.client.get<InteractionView>(`/api/interactions/${after.body.interaction_id}`);
    expect(queued.body).toMatchObject({ owner_type: "queue", assignee: null });

    await sweep();
    expect((await presenceOf(company.me.ID))?.presence).toBe("offline");
    await until(() => signals.some((s) => s.user_id === company.me.ID && s.presence === "offline"));
    socket.close();
  });

  it("a person coming online takes the conversations waiting in the queue (user.available → the queue's drain)", async () => {
    const company = await webchatCompany(t);
    await company.client.put("/api/me/presence", { presence: "away" });
    const waiting = await (await visitor(t, company.channel)).send("Сайн уу, хүн байна уу?");
    const queued = await company.client.get<InteractionView>(`/api/interactions/${waiting.body.interaction_id}`);
    expect(queued.body).toMatchObject({ owner_type: "queue", assignee: null });

    const socket = staffSocket(t, company.client);
    await connected(socket);
    await until(async () => {
      const now = await company.client.get<InteractionView>(`/api/interactions/${waiting.body.interaction_id}`);
      return now.body.owner_type === "user" && now.body.assignee?.id === company.me.ID;
    });
    socket.close();
  });

  it("a person back from away takes the conversations that waited meanwhile", async () => {
    const company = await webchatCompany(t);
    await company.client.put("/api/me/presence", { presence: "away" });
    const waiting = await (await visitor(t, company.channel)).send("Сайн уу");
    const id = waiting.body.interaction_id;
    expect((await company.client.get<InteractionView>(`/api/interactions/${id}`)).body.owner_type).toBe("queue");

    await company.client.put("/api/me/presence", { presence: "online" });
    await until(async () => (await company.client.get<InteractionView>(`/api/interactions/${id}`)).body.assignee?.id === company.me.ID);
  });

  it("the heartbeat of the process holding a person's socket keeps them online", async () => {
    const company = await webchatCompany(t);
    const socket = staffSocket(t, company.client);
    await connected(socket);
    await until(async () => (await presenceOf(company.me.ID))?.presence === "online");
    await expire(company.me.ID);
    await task("presence heartbeat").run();
    expect((await presenceOf(company.me.ID))?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await sweep();
    expect((await presenceOf(company.me.ID))?.presence).toBe("online");
    socket.close();
  });
});
