/**
 * Every HTTP endpoint of the API, keyed "METHOD /path/:param", one small file per feature. The server registers
 * each route with its entry's schemas; the web app imports only the types (`./types.ts`), never this value, so
 * zod stays out of its bundle.
 */
import { adminEndpoints } from "./admin.ts";
import { agentsEndpoints } from "./agents.ts";
import { answersEndpoints } from "./answers.ts";
import { auditEndpoints } from "./audit.ts";
import { authEndpoints } from "./auth.ts";
import { billingEndpoints } from "./billing.ts";
import { callsEndpoints } from "./calls.ts";
import { channelEmailEndpoints } from "./channel-email.ts";
import { channelMediaEndpoints } from "./channel-media.ts";
import { channelMessengerEndpoints } from "./channel-messenger.ts";
import { channelViberEndpoints } from "./channel-viber.ts";
import { channelWebchatEndpoints } from "./channel-webchat.ts";
import { channelsEndpoints } from "./channels.ts";
import { companiesEndpoints } from "./companies.ts";
import { contactsEndpoints } from "./contacts.ts";
import { customApiEndpoints } from "./custom-api.ts";
import { dashboardEndpoints } from "./dashboard.ts";
import { flowsEndpoints } from "./flows.ts";
import { helpEndpoints } from "./help.ts";
import { interactionTagsEndpoints } from "./interaction-tags.ts";
import { interactionsEndpoints } from "./interactions.ts";
import { issuesEndpoints } from "./issues.ts";
import { knowledgeEndpoints } from "./knowledge.ts";
import { onboardingEndpoints } from "./onboarding.ts";
import { outboxEndpoints } from "./outbox.ts";
import { rolesEndpoints } from "./roles.ts";
import { savedResponsesEndpoints } from "./saved-responses.ts";
import { systemEndpoints } from "./system.ts";
import { twoFactorEndpoints } from "./two-factor.ts";
import { usersEndpoints } from "./users.ts";

export const endpoints = {
  ...adminEndpoints,
  ...agentsEndpoints,
  ...answersEndpoints,
  ...auditEndpoints,
  ...authEndpoints,
  ...billingEndpoints,
  ...callsEndpoints,
  ...channelEmailEndpoints,
  ...channelMediaEndpoints,
  ...channelMessengerEndpoints,
  ...channelViberEndpoints,
  ...channelWebchatEndpoints,
  ...channelsEndpoints,
  ...companiesEndpoints,
  ...contactsEndpoints,
  ...customApiEndpoints,
  ...dashboardEndpoints,
  ...flowsEndpoints,
  ...helpEndpoints,
  ...interactionTagsEndpoints,
  ...interactionsEndpoints,
  ...issuesEndpoints,
  ...knowledgeEndpoints,
  ...onboardingEndpoints,
  ...outboxEndpoints,
  ...rolesEndpoints,
  ...savedResponsesEndpoints,
  ...systemEndpoints,
  ...twoFactorEndpoints,
  ...usersEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type { EndpointSchema, EndpointKey, HttpMethod } from "./define.ts";
export type { EndpointInput, EndpointName, EndpointResponse, PathsOf } from "./types.ts";
