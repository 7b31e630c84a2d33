import type {
  AgentView,
  CallMonitorView,
  CallView,
  FlowGraph,
  FlowNodeData,
  FlowProblem,
  FlowView,
  InteractionView,
  VoicePromptUploadView,
} from "@holboo/core";
import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, SESSION_COOKIE } from "@holboo/core";
import { Client, errorCode } from "../../../test/harness.ts";
import { ariCompany, callCenterTests, callOf, dropSignedIn, LINE, randomPhone, signedIn } from "../../../test/call-center.ts";
import { colleague, companyAdmin } from "../../../test/factories.ts";
import { fakeWav } from "../../../test/fake-ari/wav.ts";
import { until } from "../../../test/sockets.ts";

const suite = callCenterTests();

type Admin = Awaited<ReturnType<typeof companyAdmin>>;

const node = (id: string, kind: FlowGraph["nodes"][number]["kind"], data: FlowNodeData = {}) => ({ id, kind, x: 0, y: 0, width: 160, height: 60, data });
const edge = (from: string, to: string, anchor: string | null = null) => ({
  id: `${from}-${to}-${anchor ?? ""}`,
  from,
  to,
  anchors: { from: anchor, to: null },
  type: "smooth" as const,
});

async function uploadPrompt(client: Client, data: Buffer, name = "menu.wav") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return client.request<VoicePromptUploadView>("POST", "/api/flows/prompts", undefined, { raw: form });
}

/**
 * The menu: "press 1 for sales (the queue), 2 for support (extension 102)"; pressing nothing twice leaves a
 * voicemail, a wrong key twice hears goodbye and the operator hangs up.
 */
function menuFlow(prompt: string, timeoutS: number): FlowGraph {
  return {
    nodes: [
      node("start", "start"),
      node("menu", "button", {
        prompt: { mn: prompt },
        choices: [
          { id: "sales", label: "Борлуулалт", digit: "1" },
          { id: "support", label: "Тусламж", digit: "2" },
        ],
        timeout_s: timeoutS,
        retries: 1,
      }),
      node("to-queue", "response", { action: "escalate", transfer: { to: "queue" } }),
      node("to-102", "response", { action: "escalate", transfer: { to: "extension", extension: "102" } }),
      node("voicemail", "response", { prompt: { en: prompt }, voicemail_max_s: 60 }),
      node("bye", "success", { prompt: { mn: prompt } }),
    ],
    edges: [
      edge("start", "menu"),
      edge("menu", "to-queue", "sales"),
      edge("menu", "to-102", "support"),
      edge("menu", "voicemail", "no_input"),
      edge("menu", "bye", "invalid"),
      edge("voicemail", "bye"),
    ],
  };
}

/** The company's primary agent made a call operator serving `channelId` (none: it serves no line). */
async function makeOperator(admin: Admin, channelId: number | null) {
  const [primary] = (await admin.client.get<{ items: AgentView[] }>("/api/virtual-agents")).body.items;
  const operator = await admin.client.put<AgentView>(`/api/virtual-agents/${primary!.id}`, {
    name: "Оператор",
    agent_type: "call_operator",
    channels: channelId ? [{ channel_id: channelId, active: true }] : [],
    folder_ids: [],
  });
  expect(operator.status, JSON.stringify(operator.body)).toBe(200);
  return operator.body.id;
}

/**
 * A company whose line is answered by its call operator running `menuFlow` (keys awaited `timeoutS`);
 * extension 101 is the admin's, 102 a colleague's.
 */
async function operatorCompany(timeoutS = 30) {
  const admin = await ariCompany(suite.t, suite.ari);
  const support = await colleague(suite.t, admin.client, "agent");
  await signedIn(suite.t, support.client);
  expect((await admin.client.post("/api/call-center/extensions", { extension: "102", user_id: support.user.ID })).status).toBe(200);
  const agentId = await makeOperator(admin, admin.line.channel_id);
  const prompt = await uploadPrompt(admin.client, fakeWav(1));
  expect(prompt.status, JSON.stringify(prompt.body)).toBe(200);
  const flow = await flowOf(admin, agentId, menuFlow(prompt.body.file_id, timeoutS));
  const published = await admin.client.post<FlowView>(`/api/flows/${flow.id}/status`, { status: "published" });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return { admin, support, agentId, prompt: prompt.body.file_id };
}

async function flowOf(admin: Admin, agentId: number, graph: FlowGraph) {
  const created = await admin.client.post<FlowView>("/api/flows", { title: "Дуут цэс", agent_id: agentId });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const saved = await admin.client.put<FlowView>(`/api/flows/${created.body.id}`, { graph });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

const playsOn = (caller: string) => [...suite.ari.playbacks.values()].filter((p) => p.channel === caller);
const finishedPlays = (caller: string) => playsOn(caller).filter((p) => p.state === "done").length;

/** The caller `number` in the menu, waiting or talking on the monitor, once the call is in a conversation. */
async function callInProgress(client: Client, number: string) {
  let found: CallView | undefined;
  await until(async () => {
    const monitor = (await client.get<CallMonitorView>("/api/call-center/monitor")).body;
    found = [...monitor.in_menu, ...monitor.waiting, ...monitor.talking].find((c) => c.number === number && c.interaction_id !== null);
    return !!found;
  }, 15_000);
  return found!;
}

describe("the call operator", () => {
  it("answers with the menu prompt; key 2 transfers to extension 102, which answers and owns the conversation", async () => {
    const { admin, support } = await operatorCompany();
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    await until(() => finishedPlays(caller) === 1, 10_000);
    const played = playsOn(caller)[0]!;
    expect(played.media).toMatch(/^sound:http:\/\/.+\/api\/voice-prompts\/\d+\/[0-9a-f-]{36}\/\d+\/[0-9a-f]+\.wav$/);
    expect(suite.ari.channels.get(caller)?.moh).toBe(false);
    suite.ari.dtmf(caller, "2");
    const leg = await suite.ari.ringingLeg("102");
    suite.ari.answer(leg);
    await until(async () => (await callOf(admin.client, call.interaction_id!)).status === "talking", 10_000);
    const talking = await callOf(admin.client, call.interaction_id!);
    expect(talking).toMatchObject({ extension: "102", answered_by: { id: support.user.ID } });
    const originated = suite.ari.requests.filter((r) => r.method === "POST" && r.path === "/ari/channels").map((r) => r.query.endpoint);
    expect(originated).toEqual(["PJSIP/102"]);
    const interaction = (await admin.client.get<InteractionView>(`/api/interactions/${call.interaction_id}`)).body;
    expect(interaction).toMatchObject({ owner_type: "user", assignee: { id: support.user.ID } });
    suite.ari.hangup(caller);
    await until(async () => (await callOf(admin.client, call.interaction_id!)).status === "ended", 10_000);
  });

  it("time in the menu is not waiting: the caller is in the menu on the monitor, then waits from the transfer", async () => {
    const { admin } = await operatorCompany();
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    await until(() => finishedPlays(caller) === 1, 10_000);
    const inMenu = (await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body;
    expect(inMenu.in_menu.map((c) => c.number)).toContain(number);
    expect(inMenu.waiting.map((c) => c.number)).not.toContain(number);
    const pressed = Date.now();
    suite.ari.dtmf(caller, "1");
    const leg = await suite.ari.ringingLeg("101");
    const queued = (await admin.client.get<CallMonitorView>("/api/call-center/monitor")).body.waiting.find((c) => c.number === number)!;
    expect(Date.parse(queued.queued_at!)).toBeGreaterThanOrEqual(pressed);
    suite.ari.answer(leg);
    await until(async () => (await callOf(admin.client, call.interaction_id!)).status === "talking", 10_000);
    const talking = await callOf(admin.client, call.interaction_id!);
    expect(talking.wait_seconds).toBe(Math.max(0, Math.round((Date.parse(talking.answered_at!) - Date.parse(talking.queued_at!)) / 1000)));
    suite.ari.hangup(caller);
  });

  it("a caller hanging up during the menu ends the flow's run where it stood, awaiting nothing", async () => {
    const { admin } = await operatorCompany();
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    await until(() => playsOn(caller).length === 1, 10_000);
    suite.ari.hangup(caller);
    await until(async () => (await callOf(admin.client, call.interaction_id!)).status === "cancelled", 10_000);
    const { rows } = await suite.t.database.pool.query<{ status: string; awaiting: string | null; ended: boolean; call_id: string }>(
      "SELECT status, voice->>'awaiting' AS awaiting, ended_at IS NOT NULL AS ended, voice->>'callId' AS call_id FROM flow_runs WHERE interaction_id = $1",
      [call.interaction_id],
    );
    expect(rows).toEqual([{ status: "ended", awaiting: null, ended: true, call_id: String(call.id) }]);
    // A caller who gave up is a callback for people, not left with the call operator.
    await until(async () => (await admin.client.get<InteractionView>(`/api/interactions/${call.interaction_id}`)).body.owner_type !== "ai", 10_000);
    expect((await admin.client.get<InteractionView>(`/api/interactions/${call.interaction_id}`)).body.status).toBe("open");
  });

  it("keeps a call's place in the flow across a restart: the new process takes the key and transfers", async () => {
    const { admin } = await operatorCompany();
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    await until(() => finishedPlays(caller) === 1, 10_000);
    dropSignedIn();
    await suite.t.restart();
    suite.ari.media.origin = suite.t.url;
    const again = new Client(suite.t.url);
    for (const name of [SESSION_COOKIE, CSRF_COOKIE]) again.setCookie(name, admin.client.cookie(name) ?? "");
    // The admin's app reconnects to the new process, as the web app does.
    await signedIn(suite.t, again);
    await until(() => suite.ari.connected === 1, 15_000);
    // Reconnecting checks the calls in progress; the operator's caller is not rung meanwhile.
    await until(() => suite.ari.requests.filter((r) => r.method === "GET" && r.path === "/ari/channels").length >= 2, 15_000);
    suite.ari.dtmf(caller, "1");
    const leg = await suite.ari.ringingLeg("101");
    suite.ari.answer(leg);
    await until(async () => (await callOf(again, call.interaction_id!)).status === "talking", 10_000);
    expect(suite.ari.requests.filter((r) => r.method === "POST" && r.path === "/ari/channels")).toHaveLength(1);
    suite.ari.hangup(caller);
  });

  it("no key twice takes the no-input edge: a voicemail is recorded, kept with the missed call, and left to people as the callback task", async () => {
    const { admin } = await operatorCompany(1);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    // The menu, again after the first silence, then the voicemail's prompt.
    await until(() => finishedPlays(caller) === 3, 20_000);
    await until(() => suite.ari.liveRecordings.size > 0, 10_000);
    const recordRequest = suite.ari.requests.find((r) => r.path === `/ari/channels/${caller}/record`);
    expect(recordRequest?.query).toMatchObject({ format: "wav", maxDurationSeconds: "60", beep: "true", terminateOn: "#" });
    suite.ari.leaveVoicemail(caller);
    await until(async () => (await callOf(admin.client, call.interaction_id!)).status === "missed", 10_000);
    const missed = await callOf(admin.client, call.interaction_id!);
    expect(missed.recording_url).toMatch(/^\/api\/files\//);
    const audio = await admin.client.get(missed.recording_url!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    // The operator says goodbye and hangs up; the conversation stays open for people to call back.
    await until(() => !suite.ari.channels.has(caller), 10_000);
    const interaction = (await admin.client.get<InteractionView>(`/api/interactions/${call.interaction_id}`)).body;
    expect(interaction.status).toBe("open");
    expect(interaction.owner_type).not.toBe("ai");
  });

  it("a caller who leaves a voicemail and hangs up, as callers do: the message is kept with the missed call and the run ends", async () => {
    const { admin } = await operatorCompany(1);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    await until(() => suite.ari.liveRecordings.size > 0, 30_000);
    suite.ari.hangup(caller);
    await until(async () => !!(await callOf(admin.client, call.interaction_id!)).recording_url, 10_000);
    const missed = await callOf(admin.client, call.interaction_id!);
    expect(missed).toMatchObject({ status: "missed", recording_url: expect.stringMatching(/^\/api\/files\//) });
    expect((await admin.client.get(missed.recording_url!)).status).toBe(200);
    await until(async () => {
      const { rows } = await suite.t.database.pool.query<{ status: string }>("SELECT status FROM flow_runs WHERE interaction_id = $1", [call.interaction_id]);
      return rows[0]?.status === "ended";
    }, 10_000);
    // Nothing more is played to a caller who is gone.
    expect(suite.ari.requests.filter((r) => r.method === "POST" && r.path === `/ari/channels/${caller}/play`)).toHaveLength(3);
    const interaction = (await admin.client.get<InteractionView>(`/api/interactions/${call.interaction_id}`)).body;
    expect(interaction.status).toBe("open");
    expect(interaction.owner_type).not.toBe("ai");
  });

  it("a voicemail the PBX does not give at first is fetched again by its job; the missed call is people's at once", async () => {
    const { admin } = await operatorCompany(1);
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    await until(() => suite.ari.liveRecordings.size > 0, 30_000);
    // The PBX's network fails for the first fetch of the file.
    suite.ari.media.fileFailures = 1;
    const name = `holboo-vm-${call.id}`;
    suite.ari.hangup(caller);
    await until(async () => (await callOf(admin.client, call.interaction_id!)).status === "missed", 10_000);
    await until(async () => (await admin.client.get<InteractionView>(`/api/interactions/${call.interaction_id}`)).body.owner_type !== "ai", 10_000);
    // The job tries again (e^1 s later) and keeps the file with the call.
    await until(async () => !!(await callOf(admin.client, call.interaction_id!)).recording_url, 30_000);
    const missed = await callOf(admin.client, call.interaction_id!);
    expect(missed.recording_url).toMatch(/^\/api\/files\//);
    expect((await admin.client.get(missed.recording_url!)).status).toBe(200);
    expect(suite.ari.requests.filter((r) => r.path === `/ari/recordings/stored/${name}/file`).length).toBe(2);
  });

  it("a wrong key twice reaches the hang-up node: the operator served the call and ends it", async () => {
    const { admin } = await operatorCompany();
    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    const call = await callInProgress(admin.client, number);
    await until(() => finishedPlays(caller) === 1, 10_000);
    suite.ari.dtmf(caller, "9");
    await until(() => finishedPlays(caller) === 2, 10_000);
    suite.ari.dtmf(caller, "9");
    await until(() => !suite.ari.channels.has(caller), 10_000);
    const ended = await callOf(admin.client, call.interaction_id!);
    expect(ended).toMatchObject({ status: "ended", answered_by: null });
    expect(playsOn(caller)).toHaveLength(3);
    expect(suite.ari.requests.some((r) => r.method === "POST" && r.path === "/ari/channels")).toBe(false);
  });
});

describe("call operator flows", () => {
  const problems = async (client: Client, id: number) =>
    (await client.get<{ problems: FlowProblem[] }>(`/api/flows/${id}/problems`)).body.problems.map((p) => [p.code, p.node_id]);

  it("refuse typed-chat nodes and incomplete menus; a social agent's flow refuses voice settings", async () => {
    const { admin, agentId, prompt } = await operatorCompany();
    const chatty = await flowOf(admin, agentId, {
      nodes: [
        node("start", "start"),
        node("q", "question", { phrases: ["захиалга"] }),
        node("menu", "button", { choices: [{ id: "a", label: "A" }] }),
        node("ok", "success", { prompt: { mn: prompt } }),
      ],
      edges: [edge("start", "menu"), edge("q", "ok"), edge("menu", "ok", "a")],
    });
    expect(await problems(admin.client, chatty.id)).toEqual(
      expect.arrayContaining([
        ["chat_only", "q"],
        ["prompt_missing", "menu"],
        ["digit_missing", "menu"],
      ]),
    );
    expect(errorCode(await admin.client.post(`/api/flows/${chatty.id}/status`, { status: "published" }))).toBe("flow_invalid");

    const social = await companyAdmin(suite.t);
    const voiceInChat = await social.client.post<FlowView>("/api/flows", { title: "Чат" });
    const graph: FlowGraph = {
      nodes: [node("start", "start"), node("q", "question", { phrases: ["сайн уу"] }), node("r", "response", { text: "Сайн", transfer: { to: "queue" } })],
      edges: [edge("start", "q"), edge("q", "r")],
    };
    await social.client.put(`/api/flows/${voiceInChat.body.id}`, { graph });
    expect(await problems(social.client, voiceInChat.body.id)).toEqual([["voice_only", "r"]]);
  });

  it("keep each company's prompts its own: another company's recording is missing to it, and links to Asterisk are signed and expire", async () => {
    const { admin, prompt } = await operatorCompany();
    const other = await companyAdmin(suite.t);
    const borrowed = await flowOf(other, await makeOperator(other, null), {
      nodes: [node("start", "start"), node("bye", "success", { prompt: { mn: prompt } })],
      edges: [edge("start", "bye")],
    });
    expect(await problems(other.client, borrowed.id)).toEqual([["prompt_missing", "bye"]]);
    expect((await other.client.get(`/api/files/${prompt}`)).status).toBe(404);
    expect((await admin.client.get(`/api/files/${prompt}`)).status).toBe(200);

    expect(errorCode(await uploadPrompt(admin.client, Buffer.from("<html>not audio</html>"), "x.wav"))).toBe("voice_prompt_type_not_allowed");
    expect(errorCode(await uploadPrompt(admin.client, fakeWav(140)))).toBe("voice_prompt_too_large");

    const number = randomPhone();
    const caller = suite.ari.incoming(number, LINE);
    await until(() => playsOn(caller).length > 0, 10_000);
    const link = new URL(playsOn(caller)[0]!.media.slice("sound:".length));
    const [, , , companyId, fileId, expires, signature] = link.pathname.split("/");
    const at = (path: string) => fetch(`${suite.t.url}${path}`);
    expect((await at(link.pathname)).status).toBe(200);
    expect((await at(`/api/voice-prompts/${Number(companyId) + 1}/${fileId}/${expires}/${signature}`)).status).toBe(404);
    expect((await at(`/api/voice-prompts/${companyId}/${fileId}/${Number(expires) + 1}/${signature}`)).status).toBe(404);
    const past = Math.floor(Date.now() / 1000) - 10;
    expect(
      (await at(`/api/voice-prompts/${companyId}/${fileId}/${past}/${suite.t.secrets.mac(`voice-prompt:${companyId}:${fileId}:${past}`)}.wav`)).status,
    ).toBe(404);
    suite.ari.hangup(caller);
  });
});
