import type { InteractionAbilities, InteractionAction, InteractionView } from "@holboo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type Client, type TestApp } from "../../../test/harness.ts";
import { colleague, unique, visitor, webchatCompany } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ACTIONS: InteractionAction[] = ["reply", "note", "take_over", "escalate", "hand_back", "assign", "tag", "request_rating", "close"];
type State = "queue" | "ai" | "agent's" | "closed";

/**
 * A company where nobody is online (every new conversation waits in the queue), with an agent and a guest, and a way to
 * make a fresh conversation in each state: each action is tried on its own, so one cannot prepare or spoil another.
 */
async function setUp() {
  const company = await webchatCompany(t);
  const agent = await colleague(t, company.client, "agent");
  const guest = await colleague(t, company.client, "guest");
  for (const person of [company, agent, guest]) await person.client.put("/api/me/presence", { presence: "away" });
  const fresh = async (state: State) => {
    const id = (await (await visitor(t, company.channel)).send("Сайн уу")).body.interaction_id;
    if (state === "ai") await company.client.post(`/api/interactions/${id}/hand-back`);
    if (state === "agent's") await agent.client.post(`/api/interactions/${id}/take-over`);
    if (state === "closed") await company.client.post(`/api/interactions/${id}/close`, {});
    return id;
  };
  return { company, agent, guest, fresh };
}

/** Whether the server does `action` when `client` asks: answers 200 and, for a change of owner, the owner changed. */
async function does(client: Client, before: InteractionView, action: InteractionAction, assignTo: number): Promise<boolean> {
  const path = `/api/interactions/${before.id}`;
  const owner = (view: InteractionView) => `${view.owner_type}:${view.assignee?.id ?? ""}`;
  switch (action) {
    case "reply":
    case "note":
      return (await client.post(`${path}/messages`, { client_id: unique("c-"), text: "Сайн байна уу", is_private: action === "note" })).status === 200;
    case "take_over":
    case "hand_back":
    case "escalate": {
      const answer = await client.post<InteractionView>(`${path}/${action.replace("_", "-")}`);
      return answer.status === 200 && owner(answer.body) !== owner(before);
    }
    case "assign":
      return (await client.post(`${path}/assign`, { user_id: assignTo })).status === 200;
    case "tag":
      return (await client.put(`${path}/tags`, { tag_ids: [] })).status === 200;
    case "request_rating":
      return (await client.post(`${path}/rating-request`)).status === 200;
    case "close":
      return (await client.post(`${path}/close`, {})).status === 200;
  }
}

/** For each action, on a fresh conversation in `state`: the `can` the actor is shown, then whether the server does it. */
async function canAgainstServer(setup: Awaited<ReturnType<typeof setUp>>, client: Client, state: State): Promise<InteractionAbilities> {
  const shown = {} as InteractionAbilities;
  for (const action of ACTIONS) {
    const id = await setup.fresh(state);
    const view = await client.get<InteractionView>(`/api/interactions/${id}`);
    expect(view.status).toBe(200);
    shown[action] = view.body.can[action];
    const listed = (await client.get<{ items: InteractionView[] }>("/api/interactions?status=" + (state === "closed" ? "closed" : "open"))).body.items;
    expect(listed.find((item) => item.id === id)?.can).toEqual(view.body.can);
    expect({ state, action, does: await does(client, view.body, action, setup.company.me.ID) }).toEqual({ state, action, does: shown[action] });
  }
  return shown;
}

const none: InteractionAbilities = Object.fromEntries(ACTIONS.map((action) => [action, false])) as InteractionAbilities;
const all: InteractionAbilities = Object.fromEntries(ACTIONS.map((action) => [action, true])) as InteractionAbilities;

describe("per-interaction abilities (`can`)", () => {
  it("say exactly what the server does for an agent, by owner: queue, AI agent, their own", async () => {
    const setup = await setUp();
    expect(await canAgainstServer(setup, setup.agent.client, "queue")).toEqual({ ...all, escalate: false });
    expect(await canAgainstServer(setup, setup.agent.client, "ai")).toEqual({ ...all, hand_back: false });
    // Taking over what one already holds changes nothing, so it is not offered.
    expect(await canAgainstServer(setup, setup.agent.client, "agent's")).toEqual({ ...all, escalate: false, take_over: false });
  });

  it("for an admin: a colleague's conversation can be taken over; a closed one only tagged and rated", async () => {
    const setup = await setUp();
    expect(await canAgainstServer(setup, setup.company.client, "agent's")).toEqual({ ...all, escalate: false });
    expect(await canAgainstServer(setup, setup.company.client, "closed")).toEqual({ ...none, tag: true, request_rating: true });
  });

  it("a guest, who sees every conversation but does not work them, is offered nothing and refused everything", async () => {
    const setup = await setUp();
    expect(await canAgainstServer(setup, setup.guest.client, "queue")).toEqual(none);
  });
});

describe("automatic assignment (interactions.policy pickAssignee)", () => {
  it("gives conversations only to people online whose role works them, the least busy first", async () => {
    const setup = await setUp();
    await setup.guest.client.put("/api/me/presence", { presence: "online" });
    const waiting = await setup.fresh("queue");
    expect((await setup.company.client.get<InteractionView>(`/api/interactions/${waiting}`)).body.owner_type).toBe("queue");
    await setup.agent.client.put("/api/me/presence", { presence: "online" });
    await setup.company.client.put("/api/me/presence", { presence: "online" });
    const assignees = [];
    for (let i = 0; i < 3; i++)
      assignees.push((await setup.company.client.get<InteractionView>(`/api/interactions/${await setup.fresh("queue")}`)).body.assignee?.id);
    // Coming online drained the queue to one of them; the next conversations alternate, fewest open first.
    const counts = new Map<number | undefined, number>();
    for (const id of assignees) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([setup.company.me.ID, setup.agent.me.ID].sort());
    expect(assignees).not.toContain(setup.guest.me.ID);
  });
});
