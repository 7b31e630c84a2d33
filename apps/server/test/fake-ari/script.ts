import { fakeWav } from "./wav.ts";
import type { AriWorld, FakeChannel, StoredRecording } from "./world.ts";

/**
 * What the people and callers on the PBX do, as Asterisk reports it. Scripted callers enter the Stasis app
 * (`incoming`), originated agent legs answer (`answer`) or ring out (`noAnswer`), either side hangs up;
 * callers press keys (`dtmf`) and leave a voicemail (`leaveVoicemail`). Click-to-call: the person picks up
 * (`pickUp`: Dial ANSWER with the leg as peer), the dialplan's Dial rings the customer, who answers
 * (`customerAnswers`) or not (`customerDoesNotAnswer`: NOANSWER, BUSY…), as app_dial reports.
 */
export function scriptedCalls(world: AriWorld) {
  const { channels, dialplanLegs, subscribed, dialed, liveRecordings, recordings, send, view } = world;
  const until = async (check: () => boolean, what: string, timeoutMs = 15_000) => {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`fake ARI: timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const storeVoicemail = (channelId: string, seconds: number) => {
    const entry = [...liveRecordings.entries()].find(([, r]) => r.channel === channelId);
    if (!entry) throw new Error(`fake ARI: no recording on ${channelId}`);
    const [name, live] = entry;
    liveRecordings.delete(name);
    recordings.set(name, { format: live.format, bytes: fakeWav(seconds) });
    send({ type: "RecordingFinished", recording: { name, format: live.format, state: "done", target_uri: `channel:${channelId}`, duration: seconds } });
  };

  return {
    /** Something recorded `target` (`channel:{id}` or `bridge:{id}`) and stored it: RecordingFinished, as Asterisk sends it. */
    recordingFinished(target: string, name: string, recording: StoredRecording) {
      recordings.set(name, recording);
      send({
        type: "RecordingFinished",
        recording: { name, format: recording.format, target_uri: target, state: "done", duration: 3, talking_duration: 2, silence_duration: 1 },
      });
    },
    /** A customer's call reaching the dialplan's Stasis(app) on the line `exten`. */
    incoming(number: string, exten: string) {
      const channel = world.newChannel(`${Math.floor(Date.now() / 1000)}.${world.next()}`, number, exten, "Ring");
      send({ type: "StasisStart", args: [], channel: view(channel) });
      return channel.id;
    },
    /** The originated leg ringing an extension, once the app has asked for it. */
    async ringingLeg(extension: string, timeoutMs?: number) {
      const find = () => [...channels.values()].find((c) => c.appArgs && !c.answered && c.dialplan.exten === extension);
      await until(() => !!find(), `a leg ringing ${extension}`, timeoutMs);
      return find()!;
    },
    /** The person picks up: ARI reports the state and hands the leg to the app with its appArgs. */
    answer(leg: FakeChannel) {
      leg.answered = true;
      leg.state = "Up";
      send({ type: "ChannelStateChange", channel: view(leg) });
      send({ type: "StasisStart", args: leg.appArgs ?? [], channel: view(leg) });
    },
    /** Nobody picks up before the originate timeout. */
    noAnswer(leg: FakeChannel) {
      if (dialplanLegs.has(leg.id)) send({ type: "Dial", peer: view(leg), dialstatus: "NOANSWER", dialstring: leg.name.split("-")[0] });
      world.destroy(leg.id, 19, "No answer");
    },
    /** A click-to-call leg ringing the person's extension, once the app has subscribed to it. */
    async outboundLeg(extension: string, timeoutMs?: number) {
      const find = () => [...channels.values()].find((c) => dialplanLegs.has(c.id) && subscribed.has(c.id) && c.name.startsWith(`PJSIP/${extension}-`));
      await until(() => !!find(), `a click-to-call leg on ${extension}`, timeoutMs);
      return find()!;
    },
    /** The person picks up: the leg is Up and the dialplan's Dial starts ringing the customer (its `exten`). */
    pickUp(leg: FakeChannel) {
      leg.answered = true;
      leg.state = "Up";
      send({ type: "Dial", peer: view(leg), dialstatus: "ANSWER", dialstring: leg.name.split("-")[0] });
      send({ type: "ChannelStateChange", channel: view(leg) });
      const customer = { ...view(world.newChannel(`${Date.now()}.${world.next()}`, leg.dialplan.exten, "trunk", "Down")) };
      channels.delete(customer.id as string);
      dialed.set(leg.id, customer);
      send({ type: "Dial", caller: view(leg), peer: customer, dialstatus: "", dialstring: `${leg.dialplan.exten}@trunk` });
    },
    customerAnswers(leg: FakeChannel) {
      send({ type: "Dial", caller: view(leg), peer: { ...dialed.get(leg.id), state: "Up" }, dialstatus: "ANSWER", dialstring: `${leg.dialplan.exten}@trunk` });
    },
    /** The customer does not answer (or is busy…): Dial reports it and the dialplan hangs the leg up. */
    customerDoesNotAnswer(leg: FakeChannel, dialstatus: "NOANSWER" | "BUSY" | "CONGESTION" | "CHANUNAVAIL" = "NOANSWER") {
      send({ type: "Dial", caller: view(leg), peer: dialed.get(leg.id), dialstatus, dialstring: `${leg.dialplan.exten}@trunk` });
      world.destroy(leg.id, dialstatus === "BUSY" ? 17 : 19, dialstatus === "BUSY" ? "User busy" : "No answer");
    },
    /** The caller speaks after the beep and presses # (or hangs up): the recording is stored and reported. */
    leaveVoicemail(channelId: string, seconds = 4) {
      storeVoicemail(channelId, seconds);
    },
    dtmf(id: string, digit: string) {
      const channel = channels.get(id);
      if (channel) send({ type: "ChannelDtmfReceived", digit, duration_ms: 120, channel: view(channel) });
    },
    /**
     * Someone hangs up on their side. A recording of that channel stops and is stored, as Asterisk does: its
     * RecordingFinished comes after the hang-up request, before the channel is gone.
     */
    hangup(id: string) {
      const recording = [...liveRecordings.values()].some((r) => r.channel === id);
      const channel = channels.get(id);
      if (!recording || !channel) return world.destroy(id, 16, "Normal Clearing", true);
      send({ type: "ChannelHangupRequest", cause: 16, channel: view(channel) });
      storeVoicemail(id, 4);
      world.destroy(id, 16, "Normal Clearing");
    },
    /** A channel ends while nobody listens (no events sent): only GET /channels tells. */
    vanish(id: string) {
      channels.delete(id);
    },
    until,
  };
}
