import { afterAll, describe, expect, inject, it } from "vitest";
import { connectDatabase } from "../../platform/db/client.ts";
import { Signals } from "../../platform/signals.ts";
import { KnowledgeHub } from "./knowledge.source.ts";

const url = inject("databaseUrl");
const database = connectDatabase(url, 2);
const opened: Signals[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await database.close();
});

async function process_() {
  const signals = new Signals(url, database.db, () => undefined);
  opened.push(signals);
  const hub = new KnowledgeHub(database.db, signals);
  await signals.start();
  const heard: Array<number | null> = [];
  hub.onChange((companyId) => heard.push(companyId));
  return { signals, hub, heard };
}

const until = async (check: () => boolean) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5000) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("knowledge changes between processes", () => {
  it("reach the other process's listeners once, and not the changing process a second time", async () => {
    const [a, b] = [await process_(), await process_()];
    a.hub.changed(41);
    expect(a.heard).toEqual([41]);
    await until(() => b.heard.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.heard).toEqual([41]);
    expect(a.heard).toEqual([41]);
  });

  it("after a lost connection, tell the listeners that any company may have changed, and listen again", async () => {
    const [a, b] = [await process_(), await process_()];
    b.signals.dropConnection();
    await until(() => b.heard.includes(null));
    a.hub.changed(42);
    await until(() => b.heard.includes(42));
  });
});
