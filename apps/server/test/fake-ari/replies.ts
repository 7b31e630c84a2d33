import type { ServerResponse } from "node:http";

export const reply = (res: ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) return res.writeHead(status).end();
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
};

/** Answers a wrong request as Asterisk does and lists it among the violations a test expects empty. */
export const refusal = (violations: string[]) => (res: ServerResponse, status: number, message: string, violation: string) => {
  violations.push(violation);
  reply(res, status, { message });
};
