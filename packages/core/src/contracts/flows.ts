import { z } from "zod";
import { LIMITS } from "../limits.ts";

/** The eight node kinds of a conversation flow (spec §1), with the colours of spec §9. */
export const FLOW_NODE_KINDS = ["start", "question", "response", "api", "subflow", "success", "fail", "button"] as const;
export type FlowNodeKind = (typeof FLOW_NODE_KINDS)[number];
export const FLOW_NODE_COLOURS: Record<FlowNodeKind, string> = {
  start: "#ff9800",
  question: "#8349E0",
  response: "#657BF3",
  api: "#70D1DE",
  subflow: "#DFC436",
  success: "#4caf50",
  fail: "#DF3636",
  button: "#3F61CA",
};
export const FLOW_EDGE_TYPES = ["hsmooth", "vsmooth", "smooth", "ortho", "straight"] as const;
export type FlowEdgeType = (typeof FLOW_EDGE_TYPES)[number];
export const FLOW_STATUSES = ["draft", "published", "off"] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];
/** What a response card does after it is sent (spec §3). */
export const RESPONSE_ACTIONS = ["none", "close", "escalate", "create_issue"] as const;
export type ResponseAction = (typeof RESPONSE_ACTIONS)[number];
/** The source anchors an api node's edges leave from, and a subflow's outcomes. */
export const FLOW_ANCHOR_OK = "ok";
export const FLOW_ANCHOR_FAIL = "fail";
/** A call operator's digit menu leaves by these when the caller presses nothing, or no offered digit, too often. */
export const FLOW_ANCHOR_NO_INPUT = "no_input";
export const FLOW_ANCHOR_INVALID = "invalid";

/**
 * Voice settings. The spec names eight node kinds and no voice kinds, so a call operator's flow uses the
 * same kinds with voice settings: a response plays its prompt (or records a voicemail, or transfers the
 * call when it escalates), a button reads digits, success and fail hang up. The validator keeps voice
 * settings out of a social agent's flows and typed-chat nodes out of a call operator's.
 */
export const VOICE_LANGUAGES = ["mn", "en"] as const;
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number];
const promptFile = z.uuid({ error: "file_not_found" });
/** An uploaded recording per language (a file id of the company's uploads). */
export const VoicePrompt = z.object({ mn: promptFile.optional(), en: promptFile.optional() });
export type VoicePrompt = z.infer<typeof VoicePrompt>;
/** Where an escalating response puts the call: the line's queue (people rung as for any call) or one extension. */
export const VoiceTransfer = z.discriminatedUnion("to", [
  z.object({ to: z.literal("queue") }),
  z.object({
    to: z.literal("extension"),
    extension: z
      .string()
      .trim()
      .min(1, { error: "required" })
      .max(20)
      .regex(/^[0-9*#]+$/, { error: "extension_invalid" }),
  }),
]);
export type VoiceTransfer = z.infer<typeof VoiceTransfer>;
/** The signed, expiring address Asterisk plays a call operator's recording from. */
export const VoicePromptMediaParams = z.object({
  company_id: z.coerce.number().int().positive(),
  file_id: z.uuid({ error: "file_not_found" }),
  expires: z.coerce.number().int().positive(),
  signature: z.string().max(140),
});

export const VoicePromptUploadView = z.object({ file_id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() });
export type VoicePromptUploadView = z.infer<typeof VoicePromptUploadView>;

const text = (max: number) => z.string().max(max, { error: "text_too_long" });
const nodeId = z.string().min(1, { error: "required" }).max(64, { error: "text_too_long" });

export const FlowChoice = z.object({
  id: nodeId,
  label: text(LIMITS.flowChoiceMaxChars).trim().min(1, { error: "required" }),
  /** A call operator's menu: the key the caller presses for this choice. */
  digit: z
    .string()
    .regex(/^[0-9*#]$/, { error: "invalid_parameters" })
    .optional(),
});
export type FlowChoice = z.infer<typeof FlowChoice>;

/** One node's settings; which fields matter depends on its kind (the node editor shows those). */
export const FlowNodeData = z.object({
  /** question: the customer's ways of asking. */
  phrases: z.array(text(LIMITS.flowTextMaxChars).trim()).max(LIMITS.flowPhrasesMax).optional(),
  /** response, button, success, fail: what the agent writes ({{variable}} filled in). */
  text: text(LIMITS.flowTextMaxChars).optional(),
  /** response: image addresses sent with the text. */
  images: z
    .array(z.url({ error: "url_invalid" }))
    .max(10)
    .optional(),
  /** response and button: the choices offered; each leaves by the edge anchored at its id. */
  choices: z.array(FlowChoice).max(LIMITS.flowChoicesMax).optional(),
  action: z.enum(RESPONSE_ACTIONS).optional(),
  /** api: the custom API endpoint it calls. */
  endpoint_id: z.number().int().positive().optional(),
  /** subflow: the flow it enters. */
  flow_id: z.number().int().positive().optional(),
  /** Call operator — response, button, success, fail: the recording played. */
  prompt: VoicePrompt.optional(),
  /** Call operator — button (digit menu): seconds to wait for a key, and how often the prompt is repeated. */
  timeout_s: z.number().int().min(1).max(LIMITS.voiceDigitTimeoutMaxS).optional(),
  retries: z.number().int().min(0).max(LIMITS.voiceRetriesMax).optional(),
  /** Call operator — an escalating response: where the call goes. */
  transfer: VoiceTransfer.optional(),
  /** Call operator — response: records a voicemail of at most this many seconds after its prompt. */
  voicemail_max_s: z.number().int().min(5).max(LIMITS.voicemailMaxSeconds).optional(),
});
export type FlowNodeData = z.infer<typeof FlowNodeData>;

/** A node as the spec shapes it: id, x, y, width, height (and its kind and settings). */
export const FlowNode = z.object({
  id: nodeId,
  kind: z.enum(FLOW_NODE_KINDS, { error: "invalid_parameters" }),
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  data: FlowNodeData.default({}),
});
export type FlowNode = z.infer<typeof FlowNode>;

/** An edge as the spec shapes it: id, from, to, anchors and a type. */
export const FlowEdge = z.object({
  id: nodeId,
  from: nodeId,
  to: nodeId,
  anchors: z.object({ from: z.string().max(64).nullable().default(null), to: z.string().max(64).nullable().default(null) }).default({ from: null, to: null }),
  type: z.enum(FLOW_EDGE_TYPES, { error: "invalid_parameters" }).default("smooth"),
});
export type FlowEdge = z.infer<typeof FlowEdge>;

export const FlowGraph = z.object({
  nodes: z.array(FlowNode).max(LIMITS.flowNodesMax, { error: "flow_too_large" }),
  edges: z.array(FlowEdge).max(LIMITS.flowNodesMax * 4, { error: "flow_too_large" }),
});
export type FlowGraph = z.infer<typeof FlowGraph>;

const title = z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.flowTitleMaxChars, { error: "text_too_long" });

export const FlowCreateInput = z.object({
  title,
  agent_id: z.number().int().positive().optional(),
  topics: z.array(text(40).trim().min(1)).max(10).default([]),
});
export type FlowCreateInput = z.infer<typeof FlowCreateInput>;
export const FlowUpdateInput = z.object({ title: title.optional(), topics: z.array(text(40).trim().min(1)).max(10).optional(), graph: FlowGraph.optional() });
export type FlowUpdateInput = z.infer<typeof FlowUpdateInput>;
export const FlowStatusInput = z.object({ status: z.enum(["published", "off"], { error: "invalid_parameters" }) });
export type FlowStatusInput = z.infer<typeof FlowStatusInput>;

/** Why a flow cannot be published: one entry per problem, naming the node or edge. */
export const FLOW_PROBLEMS = [
  "no_start",
  "many_starts",
  "unreachable",
  "dangling_edge",
  "edge_invalid",
  "question_without_answer",
  "no_question",
  "subflow_missing",
  "subflow_cycle",
  "api_missing",
  "choice_without_edge",
  "voice_only",
  "chat_only",
  "prompt_missing",
  "digit_missing",
] as const;
export type FlowProblemCode = (typeof FLOW_PROBLEMS)[number];
export const FlowProblem = z.object({ code: z.enum(FLOW_PROBLEMS), node_id: z.string().nullable(), edge_id: z.string().nullable() });
export type FlowProblem = z.infer<typeof FlowProblem>;

export const FlowSummaryView = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  /** The flow belongs to a call operator: its nodes take voice settings. */
  voice: z.boolean(),
  title: z.string(),
  status: z.enum(FLOW_STATUSES),
  topics: z.array(z.string()),
  version: z.number().int().nullable(),
  usage_count: z.number().int(),
  success_count: z.number().int(),
  fail_count: z.number().int(),
  /** Share of matched questions the customer went on with (0–1); null before any match. */
  accuracy: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlowSummaryView = z.infer<typeof FlowSummaryView>;
export const FlowView = FlowSummaryView.extend({ graph: FlowGraph });
export type FlowView = z.infer<typeof FlowView>;
export const FlowListView = z.object({ items: z.array(FlowSummaryView) });

/** The draft test chat: the visitor's lines so far (state lives in the browser between calls). */
export const FlowTestInput = z.object({
  message: z.string().max(LIMITS.flowTextMaxChars),
  state: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type FlowTestInput = z.infer<typeof FlowTestInput>;
export const FlowTestReply = z.object({ text: z.string(), choices: z.array(z.string()), images: z.array(z.string()) });
export const FlowTestView = z.object({
  replies: z.array(FlowTestReply),
  outcome: z.enum(["running", "waiting", "success", "fail", "ended", "no_match"]),
  state: z.record(z.string(), z.unknown()).nullable(),
});
export type FlowTestView = z.infer<typeof FlowTestView>;

// Custom API endpoints (settings → custom API).
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const CUSTOM_API_STATUSES = ["active", "inactive"] as const;
export const CustomApiHeaderInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/, { error: "invalid_parameters" }),
  /** A secret's value is sealed and never shown again; null keeps the stored one. */
  value: z.string().max(2000).nullable(),
  secret: z.boolean().default(false),
});
export const CustomApiInput = z.object({
  name: title,
  method: z.enum(HTTP_METHODS, { error: "invalid_parameters" }),
  url: z.string().trim().max(2000).min(1, { error: "required" }),
  headers: z.array(CustomApiHeaderInput).max(20).default([]),
  body_template: z.string().max(LIMITS.customApiBodyMaxChars).default(""),
  timeout_ms: z.number().int().min(500).max(LIMITS.customApiTimeoutMaxMs).default(5000),
  expected_status: z.number().int().min(100).max(599).default(200),
  /** Variable name → path into the JSON response ("data.order.status"). */
  mapping: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, { error: "invalid_parameters" }), z.string().max(200)).default({}),
});
export type CustomApiInput = z.infer<typeof CustomApiInput>;
export const CustomApiStatusInput = z.object({ status: z.enum(CUSTOM_API_STATUSES, { error: "invalid_parameters" }) });
export const CustomApiView = z.object({
  id: z.number().int(),
  name: z.string(),
  method: z.enum(HTTP_METHODS),
  url: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string().nullable(), secret: z.boolean() })),
  body_template: z.string(),
  timeout_ms: z.number().int(),
  expected_status: z.number().int(),
  mapping: z.record(z.string(), z.string()),
  status: z.enum(CUSTOM_API_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomApiView = z.infer<typeof CustomApiView>;
export const CustomApiListView = z.object({ items: z.array(CustomApiView) });
export const CustomApiTestInput = z.object({ variables: z.record(z.string(), z.string()).default({}) });
/**
 * The dialog's test call of what is typed, saved or not: nothing is stored, so a refused call and a cancelled
 * dialog leave no endpoint behind. `id` names the saved endpoint whose kept secrets a null header value means.
 */
export const CustomApiDraftTestInput = CustomApiTestInput.extend({ endpoint: CustomApiInput, id: z.number().int().positive().nullable().default(null) });
export type CustomApiDraftTestInput = z.infer<typeof CustomApiDraftTestInput>;
export const CustomApiTestView = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  /** The parsed JSON (when it was JSON), to pick fields from. */
  json: z.unknown().nullable(),
  /** Dotted paths of the JSON's leaves, for the field picker. */
  fields: z.array(z.object({ path: z.string(), value: z.string() })),
  error: z.string().nullable(),
  mapped: z.record(z.string(), z.string()),
});
export type CustomApiTestView = z.infer<typeof CustomApiTestView>;

export const FlowWaitTimeoutJobPayload = z.object({ company_id: z.number().int().positive(), run_id: z.number().int().positive(), wait_seq: z.number().int() });
export type FlowWaitTimeoutJobPayload = z.infer<typeof FlowWaitTimeoutJobPayload>;

/** A call operator's wait (a prompt playing, a digit, a voicemail) that must not outlast its time. */
export const VoiceWaitTimeoutJobPayload = z.object({
  company_id: z.number().int().positive(),
  run_id: z.number().int().positive(),
  wait_seq: z.number().int(),
});
export type VoiceWaitTimeoutJobPayload = z.infer<typeof VoiceWaitTimeoutJobPayload>;
