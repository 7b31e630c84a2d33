import { createClient, type RedisClientType } from "redis";

export type RedisClient = RedisClientType;

/** The one Redis connection of a process (REDIS_URL): realtime fan-out and shared rate limits. */
export async function connectRedis(url: string, onError: (error: unknown) => void): Promise<RedisClient> {
  const client: RedisClient = createClient({ url });
  client.on("error", onError);
  await client.connect();
  return client;
}
