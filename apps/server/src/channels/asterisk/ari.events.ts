import type { AriChannel } from "./ari.client.ts";

/**
 * What Holboo does with each message of the ARI events socket. Asterisk's event reference (docs.asterisk.org, "Asterisk
 * REST Data Models": StasisStart … TextMessageReceived) documents many more events than a call flow acts on; every one is
 * either routed to an action here or logged and ignored with its reason, never refused: a message that is not even an
 * event (bad JSON, no type) is ignored too, and one call's odd event never stops the session.
 */

/** An ARI message as the events socket sends it: the fields Holboo reads, each optional (a PBX may leave any out). */
export interface AriEvent {
  type: string;
  timestamp?: string;
  channel?: AriChannel;
  args?: string[];
  cause?: number;
  digit?: string;
  /** PlaybackFinished and RecordingFinished name their channel (or Holboo's bridge) only in `target_uri`. */
  playback?: { id?: string; target_uri?: string };
  recording?: { name?: string; state?: string; target_uri?: string; cause?: string };
  /** Dial: the dialing channel (none when ARI originates) and the dialed one, with app_dial's DIALSTATUS. */
  caller?: AriChannel;
  peer?: AriChannel;
  dialstatus?: string;
  /** Transfers: the outcome (Success, Fail, Invalid, Not Permitted) and what moved. */
  result?: string;
  bridge?: { id?: string };
  transferee?: AriChannel;
  transferer_first_leg?: AriChannel;
  transferer_second_leg?: AriChannel;
  transferer_first_leg_bridge?: { id?: string };
  transferer_second_leg_bridge?: { id?: string };
}

/** Agent legs are ours: `holboo-a-{extension}-{caller channel}` (an extension has no "-"). */
export const AGENT_PREFIX = "holboo-a-";
export const agentLegId = (extension: string, caller: string) => `${AGENT_PREFIX}${extension}-${caller}`;
export function parseAgentLeg(id: string | undefined): { extension: string; caller: string } | null {
  if (!id?.startsWith(AGENT_PREFIX)) return null;
  const rest = id.slice(AGENT_PREFIX.length);
  const dash = rest.indexOf("-");
  return dash > 0 ? { extension: rest.slice(0, dash), caller: rest.slice(dash + 1) } : null;
}
/** The bridge Holboo makes for an answered caller: `holboo-b-{caller channel}`. */
export const BRIDGE_PREFIX = "holboo-b-";
export const bridgeOf = (caller: string) => `${BRIDGE_PREFIX}${caller}`;
export const callerOfBridge = (bridgeId: string | undefined) => (bridgeId?.startsWith(BRIDGE_PREFIX) ? bridgeId.slice(BRIDGE_PREFIX.length) : null);
/** Click-to-call legs: `holboo-o-{extension}-{token}`. */
export const OUTBOUND_PREFIX = "holboo-o-";
export const isOutboundLeg = (id: string | undefined) => !!id?.startsWith(OUTBOUND_PREFIX);
/** The call operator's playbacks and voicemails, and answered calls' recordings. */
export const PLAYBACK_PREFIX = "holboo-p-";
export const VOICEMAIL_PREFIX = "holboo-vm-";
export const CALL_RECORDING_PREFIX = "holboo-call-";
export const isVoicemail = (recordingName: string | undefined) => !!recordingName?.startsWith(VOICEMAIL_PREFIX);
export const voicemailName = (callId: number) => `${VOICEMAIL_PREFIX}${callId}`;

/** The caller a recording's or playback's `target_uri` belongs to: the channel itself (or its agent leg's caller), or our bridge's caller. */
export function callerOfTarget(target: string | undefined): string | null {
  if (target?.startsWith("channel:")) {
    const channel = target.slice("channel:".length);
    return parseAgentLeg(channel)?.caller ?? channel;
  }
  return target?.startsWith("bridge:") ? callerOfBridge(target.slice("bridge:".length)) : null;
}

/** Dial statuses (app_dial's DIALSTATUS) that end a ring without an answer. */
export const UNANSWERED_DIALSTATUS = new Set(["NOANSWER", "BUSY", "CONGESTION", "CHANUNAVAIL"]);

export type AriAction =
  /** A channel entered the app: a caller (any channel not ours) or an extension answering (an agent leg). */
  | "callerArrived"
  | "agentAnswered"
  | "digit"
  | "callerGone"
  | "agentGone"
  /** An extension's ring ended unanswered (busy, no answer, unavailable): the next is tried at once. */
  | "agentNotReached"
  | "outboundLeg"
  | "playbackFinished"
  | "voicemailStored"
  | "voicemailFailed"
  | "callRecorded"
  /** The person passed the caller on (blind or attended transfer): the call ends for Holboo, the caller is left alone. */
  | "transferredAway"
  /** Another client took the app's events over: this session stands back. */
  | "appReplaced";

export type AriRoute =
  { outcome: "handled"; action: AriAction; key: string; event: AriEvent } | { outcome: "ignored"; type: string; reason: string; event: AriEvent | null };

/** Why documented events that no action takes are ignored (logged at debug level, nothing else). */
const IGNORED: Record<string, string> = {
  StasisEnd: "a channel leaving the app: hang-ups come as ChannelHangupRequest/ChannelDestroyed, transfers as Bridge*Transfer",
  ChannelCreated: "channels Holboo cares about come with StasisStart or its own originate",
  ChannelStateChange: "an agent's answer is its StasisStart; a caller's Up is Holboo's own answer",
  ChannelVarset: "channel variables are not used",
  ChannelDialplan: "dialplan moves of channels outside the app are not followed",
  ChannelCallerId: "the caller's number is taken when the call arrives",
  ChannelConnectedLine: "connected-line updates change nothing for the call",
  ChannelHold: "hold time is not measured",
  ChannelUnhold: "hold time is not measured",
  ChannelTalkingStarted: "talk detection is not used",
  ChannelTalkingFinished: "talk detection is not used",
  ChannelUserevent: "user events are not used",
  ChannelEnteredBridge: "Holboo bridges channels itself and knows it",
  ChannelLeftBridge: "a channel leaving the bridge hangs up or is transferred, reported on its own",
  BridgeCreated: "Holboo creates its bridges itself",
  BridgeDestroyed: "Holboo destroys its bridges itself",
  BridgeMerged: "bridge merges come with a transfer event, which is handled",
  BridgeVideoSourceChanged: "calls are audio only",
  PlaybackStarted: "only a playback's end moves the call operator on",
  PlaybackContinuing: "only a playback's end moves the call operator on",
  RecordingStarted: "only a recording's end matters",
  DeviceStateChanged: "who is rung follows people's availability in Holboo, not device states",
  EndpointStateChange: "who is rung follows people's availability in Holboo, not endpoint states",
  ContactStatusChange: "SIP contact states are not followed",
  PeerStatusChange: "peer states are not followed",
  ApplicationMoveFailed: "Holboo never moves channels to another app",
  TextMessageReceived: "text messages to endpoints are not a call-center channel",
  MissingParams: "an error about a request over the socket, which Holboo does not make",
  RESTResponse: "Holboo makes its requests over HTTP",
  ChannelTransfer: "ARI-only transfer handling is not enabled for Holboo's channels",
};

const ignored = (type: string, reason: string, event: AriEvent | null): AriRoute => ({ outcome: "ignored", type, reason, event });
const handled = (action: AriAction, key: string, event: AriEvent): AriRoute => ({ outcome: "handled", action, key, event });

/** The caller a transfer event is about, when it moved a channel out of one of Holboo's bridges. */
function transferredCaller(event: AriEvent): string | null {
  const bridges = [event.bridge?.id, event.transferer_first_leg_bridge?.id, event.transferer_second_leg_bridge?.id];
  for (const id of bridges) {
    const caller = callerOfBridge(id);
    if (caller) return caller;
  }
  for (const channel of [event.channel, event.transferer_first_leg, event.transferer_second_leg]) {
    const agent = parseAgentLeg(channel?.id);
    if (agent) return agent.caller;
  }
  return null;
}

/** Parses one socket message and says what is done with it. Never throws. */
export function routeAriMessage(data: string): AriRoute {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return ignored("", "not JSON", null);
  }
  if (!parsed || typeof parsed !== "object" || typeof (parsed as { type?: unknown }).type !== "string") return ignored("", "not an ARI message", null);
  return routeAriEvent(parsed as AriEvent);
}

export function routeAriEvent(event: AriEvent): AriRoute {
  const type = event.type;
  const channelId = typeof event.channel?.id === "string" ? event.channel.id : undefined;
  const agent = parseAgentLeg(channelId);
  switch (type) {
    case "StasisStart":
      if (!channelId) return ignored(type, "no channel", event);
      if (isOutboundLeg(channelId)) return ignored(type, "click-to-call legs run in the dialplan", event);
      return agent ? handled("agentAnswered", agent.caller, event) : handled("callerArrived", channelId, event);
    case "ChannelDtmfReceived":
      if (!channelId || typeof event.digit !== "string") return ignored(type, "no channel or digit", event);
      if (agent || isOutboundLeg(channelId)) return ignored(type, "keys pressed on a person's phone", event);
      return handled("digit", channelId, event);
    case "ChannelHangupRequest":
    case "ChannelDestroyed":
      if (!channelId) return ignored(type, "no channel", event);
      if (isOutboundLeg(channelId))
        return type === "ChannelDestroyed" ? handled("outboundLeg", channelId, event) : ignored(type, "a click-to-call ends with ChannelDestroyed", event);
      return agent ? handled("agentGone", agent.caller, event) : handled("callerGone", channelId, event);
    case "Dial": {
      const leg = [event.caller?.id, event.peer?.id].find(isOutboundLeg);
      if (leg) return handled("outboundLeg", leg, event);
      const peer = parseAgentLeg(event.peer?.id);
      if (peer && UNANSWERED_DIALSTATUS.has(event.dialstatus ?? "")) return handled("agentNotReached", peer.caller, event);
      return ignored(type, "ringing progress; an extension's answer is its StasisStart", event);
    }
    case "PlaybackFinished": {
      const caller = callerOfTarget(event.playback?.target_uri);
      if (!event.playback?.id?.startsWith(PLAYBACK_PREFIX) || !caller) return ignored(type, "not the call operator's playback", event);
      return handled("playbackFinished", caller, event);
    }
    case "RecordingFinished":
    case "RecordingFailed": {
      const caller = callerOfTarget(event.recording?.target_uri);
      if (!caller || !event.recording?.name) return ignored(type, "not a recording of Holboo's calls", event);
      if (isVoicemail(event.recording.name)) return handled(type === "RecordingFinished" ? "voicemailStored" : "voicemailFailed", caller, event);
      if (type === "RecordingFailed") return ignored(type, "a failed call recording leaves the call without one", event);
      return handled("callRecorded", caller, event);
    }
    case "BridgeBlindTransfer":
    case "BridgeAttendedTransfer": {
      const caller = transferredCaller(event);
      if (!caller) return ignored(type, "a transfer outside Holboo's calls", event);
      if (event.result !== "Success") return ignored(type, `the transfer did not happen (${event.result ?? "no result"})`, event);
      return handled("transferredAway", caller, event);
    }
    case "ApplicationReplaced":
      return handled("appReplaced", "", event);
    default:
      return ignored(type, IGNORED[type] ?? "not a documented event Holboo uses", event);
  }
}
