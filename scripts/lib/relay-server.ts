/**
 * The floor `bench:messages -- --server relay` compares Holboo's message path with: a bare Socket.IO relay
 * doing the same durable work on the same database and tables, and nothing else. A visitor's send is one
 * prepared statement (bump the open conversation's sequence, insert the message and its message.created
 * event), acknowledged after it committed, then pushed to every staff socket. No validation, rate limit,
 * presenter, rooms or fan-out adapter: what Holboo costs above it is the price of being a product.
 * Started by the benchmark as its own process: `node --import tsx scripts/lib/relay-server.ts` with
 * DATABASE_URL and PORT.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";
import { Server } from "socket.io";

const STAFF_ROOM = "staff";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const http = createServer();
const io = new Server(http, { transports: ["websocket"] });

const APPEND = `
  WITH advanced AS (
    UPDATE interactions SET last_seq = last_seq + 1, last_message_at = now()
    WHERE id = (SELECT id FROM interactions WHERE company_id = $1 AND identity_id = $2 AND status = 'open' ORDER BY id DESC LIMIT 1)
    RETURNING id, company_id, last_seq
  ), message AS (
    INSERT INTO messages (company_id, interaction_id, seq, direction, sender_type, text, status, client_id, created_at)
    SELECT a.company_id, a.id, a.last_seq, 'in', 'contact', $3, 'sent', $4, now() FROM advanced a
    RETURNING id, company_id, interaction_id, seq, created_at
  ), event AS (
    INSERT INTO interaction_events (company_id, interaction_id, seq, type, payload, visible_to_contact, created_at)
    SELECT m.company_id, m.interaction_id, m.seq, 'message.created',
      jsonb_build_object('message', jsonb_build_object('id', m.id, 'seq', m.seq, 'text', $3::text, 'client_id', $4::text)), true, m.created_at
    FROM message m
  )
  SELECT id, interaction_id, seq FROM message`;

interface Visitor {
  companyId: number;
  identityId: number;
}

io.of("/webchat").use((socket, next) => {
  const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : "";
  const hash = createHash("sha256").update(token).digest("hex");
  pool
    .query<{ company_id: number; id: number }>("SELECT company_id, id FROM contact_identities WHERE visitor_token_hash = $1", [hash])
    .then(({ rows: [row] }) => {
      if (!row) return next(new Error("unauthorized"));
      socket.data = { companyId: row.company_id, identityId: row.id } satisfies Visitor;
      next();
    })
    .catch(next);
});

io.of("/webchat").on("connection", (socket) => {
  const visitor = socket.data as Visitor;
  socket.on("message", (payload: { client_id: string; text: string }, ack: (reply: unknown) => void) => {
    const clientId = `v${visitor.identityId}:${payload.client_id}`;
    pool
      .query({ name: "relay_append", text: APPEND, values: [visitor.companyId, visitor.identityId, payload.text, clientId] })
      .then(({ rows: [row] }) => {
        const message = { ...row, client_id: clientId, text: payload.text };
        ack({ message });
        io.to(STAFF_ROOM).emit("interaction.event", { type: "message.created", payload: { message } });
      })
      .catch((error: Error) => ack({ error: { code: "server_error", message: error.message } }));
  });
});

io.on("connection", (socket) => void socket.join(STAFF_ROOM));

http.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`relay is ready at ${process.env.PORT}`));
process.on("SIGINT", () => {
  void io.close();
  void pool.end().then(() => process.exit(0));
});
