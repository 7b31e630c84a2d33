import type { AppContext } from "./context.ts";
import type { Subscriber } from "./platform/events/bus.ts";
import { deliverySubscriber } from "./channels/delivery.job.ts";
import { agentTurnSubscriber } from "./modules/answers/agent-turn.job.ts";
import { callCallbackSubscriber } from "./modules/calls/call-callback.job.ts";
import { callThreadSubscriber } from "./modules/calls/call-thread.job.ts";
import { queueDrainSubscriber } from "./modules/interactions/queue-drain.job.ts";

/**
 * Who reacts to which domain event (packages/core, domain-events.ts): the one place a feature's reaction to
 * another feature's fact is wired, so the feature that records an event never imports the one that reacts.
 * Durable subscribers run as jobs (at least once, idempotent); afterCommit ones run in-process after the commit.
 */
export const SUBSCRIBERS: ReadonlyArray<Subscriber<AppContext>> = [
  agentTurnSubscriber,
  deliverySubscriber,
  callThreadSubscriber,
  callCallbackSubscriber,
  queueDrainSubscriber,
];
