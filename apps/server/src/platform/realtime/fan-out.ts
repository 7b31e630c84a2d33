import { createAdapter as createPostgresAdapter, type PostgresAdapter } from "@socket.io/postgres-adapter";
import { createAdapter as createRedisAdapter } from "@socket.io/redis-streams-adapter";
import pg from "pg";
import type { RedisClient } from "../redis.ts";
import type { Namespace } from "socket.io";
import { MessageType, type Adapter, type ClusterMessage } from "socket.io-adapter";

/** Builds a namespace's adapter; `close` releases the connections it holds. */
export interface FanOut {
  adapter: (namespace: Namespace) => Adapter;
  close(): Promise<void>;
}

/** Messages that only matter to other processes' sockets: never published while no other process is known. */
const TO_OTHERS = new Set<MessageType>([
  MessageType.BROADCAST,
  MessageType.SOCKETS_JOIN,
  MessageType.SOCKETS_LEAVE,
  MessageType.DISCONNECT_SOCKETS,
  MessageType.SERVER_SIDE_EMIT,
]);

/** The part of the cluster adapter the guard reads (`nodesMap` is private in its typings). */
interface ClusterView {
  nodesMap: Map<string, number>;
  doPublish(message: ClusterMessage): Promise<string>;
}

/**
 * Every push is one `SELECT pg_notify` on the shared database; a lone process (the default install) pays
 * nothing. Other processes are known from their heartbeats, and a starting process announces itself when
 * its namespaces are created, before it listens, so no client of it can miss a push from here.
 */
function skipWhenAlone(adapter: PostgresAdapter): PostgresAdapter {
  const view = adapter as unknown as ClusterView;
  const publish = view.doPublish.bind(adapter);
  view.doPublish = (message) => (view.nodesMap.size === 0 && TO_OTHERS.has(message.type) ? Promise.resolve("") : publish(message));
  return adapter;
}

/**
 * Realtime fan-out between processes: through Redis Streams when a Redis client is given, else through
 * LISTEN/NOTIFY on the application's own database (a small pool of its own, so pushes never wait behind
 * requests for a connection).
 */
export function createFanOut(options: { databaseUrl: string; redis: RedisClient | null; onError: (error: unknown) => void }): FanOut {
  // The adapter reads with a blocking XREAD on a duplicate of the client it opens and closes itself.
  if (options.redis) return { adapter: createRedisAdapter(options.redis), close: async () => undefined };
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  pool.on("error", options.onError);
  // The adapter keeps a LISTEN client checked out and reconnects when it ends; without a listener, the
  // error before that end (a database restart) would be unhandled and end the process.
  pool.on("connect", (client) => client.on("error", options.onError));
  const factory = createPostgresAdapter(pool, { errorHandler: options.onError });
  // Socket.IO calls the factory with `new`: a function, not an arrow.
  const adapter = function (namespace: Namespace) {
    return skipWhenAlone(factory(namespace));
  };
  return { adapter, close: () => pool.end() };
}
