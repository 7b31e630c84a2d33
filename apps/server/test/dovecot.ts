import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";

/**
 * A real IMAP server for the e-mail tests: Debian's Dovecot on a free localhost port, with a throwaway
 * configuration, users and maildirs under a temporary folder. Plain IMAP on 127.0.0.1 (no TLS): the
 * client code paths for TLS are the same library calls with `secure` set.
 */
export interface Dovecot {
  host: string;
  port: number;
  /** Adds a mailbox user with a password login; resolves once Dovecot accepts the login. */
  addUser(user: string, password: string): Promise<void>;
  /** Puts a raw mail into a user's folder by IMAP APPEND, as a mail server delivering it would (at `date`, default now). */
  append(user: string, raw: string | Buffer, folder?: string, date?: Date): Promise<{ uid: number }>;
  /** The raw mails of a user's folder, oldest first. */
  fetchAll(user: string, folder?: string): Promise<string[]>;
  /** A user's folders: path and special use (\Sent …). */
  folders(user: string): Promise<Array<{ path: string; specialUse: string | undefined }>>;
  stop(): void;
}

const DOVECOT = "/usr/sbin/dovecot";

/** Why Dovecot cannot run here, or null when it can (the tests skip with this message). */
export function dovecotMissing(): string | null {
  if (!existsSync(DOVECOT)) return "Dovecot is not installed (apt-get install -y dovecot-imapd); the e-mail tests with a real IMAP server are skipped";
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Mail is stored as an unprivileged user: Dovecot refuses uid 0 for mail processes. */
function mailOwner(): { user: string; group: string; uid: number; gid: number } {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) {
    const gid = process.getgid?.() ?? 0;
    return { user: execFileSync("id", ["-un"]).toString().trim(), group: execFileSync("id", ["-gn"]).toString().trim(), uid, gid };
  }
  const nobodyUid = Number(execFileSync("id", ["-u", "nobody"]).toString().trim());
  const nobodyGid = Number(execFileSync("id", ["-g", "nobody"]).toString().trim());
  const group = execFileSync("id", ["-gn", "nobody"]).toString().trim();
  return { user: "nobody", group, uid: nobodyUid, gid: nobodyGid };
}

/**
 * `oauth2IntrospectionUrl`: Dovecot also takes SASL XOAUTH2 and OAUTHBEARER logins, checking each bearer token
 * with that RFC 7662 introspection endpoint (its oauth2 passdb, `introspection_mode = post`); a password
 * login still goes to the users file first.
 */
export async function startDovecot(options: { oauth2IntrospectionUrl?: string; sentFolder?: string | null } = {}): Promise<Dovecot> {
  // The folder marked \Sent (RFC 6154), made for every user; null: none at all, as some servers leave it to the client.
  const sentFolder = options.sentFolder === undefined ? "Sent" : options.sentFolder;
  const root = mkdtempSync(path.join(tmpdir(), "holboo-dovecot-"));
  chmodSync(root, 0o755);
  const port = await freePort();
  const owner = mailOwner();
  const mailDir = path.join(root, "mail");
  const usersDir = path.join(root, "users");
  execFileSync("mkdir", ["-p", mailDir, usersDir, path.join(root, "base"), path.join(root, "state")]);
  if (process.getuid?.() === 0) chownSync(mailDir, owner.uid, owner.gid);
  const config = `
protocols = imap
listen = 127.0.0.1
base_dir = ${root}/base
state_dir = ${root}/state
instance_name = holboo-test-${port}
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${options.oauth2IntrospectionUrl ? " xoauth2 oauthbearer" : ""}
auth_failure_delay = 0
first_valid_uid = 1
mail_uid = ${owner.user}
mail_gid = ${owner.group}
mail_location = maildir:${mailDir}/%u
${process.getuid?.() === 0 ? "default_internal_user = dovecot\ndefault_login_user = dovenull" : `default_internal_user = ${owner.user}\ndefault_login_user = ${owner.user}`}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${usersDir}/%u
}
${
  options.oauth2IntrospectionUrl
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${root}/dovecot-oauth2.conf.ext
}
`
    : ""
}userdb {
  driver = static
  args = uid=${owner.user} gid=${owner.group} home=${mailDir}/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
namespace inbox {
  inbox = yes
${
  sentFolder
    ? `  mailbox "${sentFolder}" {
    special_use = \\Sent
    auto = subscribe
  }
`
    : ""
}}
`;
  const configFile = path.join(root, "dovecot.conf");
  writeFileSync(configFile, config);
  if (options.oauth2IntrospectionUrl) {
    writeFileSync(
      path.join(root, "dovecot-oauth2.conf.ext"),
      [
        `introspection_url = ${options.oauth2IntrospectionUrl}`,
        "introspection_mode = post",
        "force_introspection = yes",
        "username_attribute = email",
        "active_attribute = active",
        "active_value = true",
        "",
      ].join("\n"),
    );
  }
  // The master daemonises and keeps inherited pipes open: give it none, and read its log on failure.
  const started = spawnSync(DOVECOT, ["-c", configFile], { stdio: "ignore" });
  const log = () => (existsSync(`${root}/dovecot.log`) ? readFileSync(`${root}/dovecot.log`, "utf8") : "");
  if (started.status !== 0) throw new Error(`dovecot did not start: ${log()}`);
  const passwords = new Map<string, string>();

  async function withClient<T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: passwords.get(user) ?? "" },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => undefined);
    }
  }

  return {
    host: "127.0.0.1",
    port,
    async addUser(user, password) {
      passwords.set(user, password);
      // One file per user (the passdb's path names it): Dovecot reads a file it has not seen at the first login, so
      // the user is known at once; a changed file would be re-read only when Dovecot next checks it.
      writeFileSync(path.join(usersDir, user), `${user}:{PLAIN}${password}\n`);
    },
    async append(user, raw, folder = "INBOX", date) {
      return withClient(user, async (client) => {
        const result = await client.append(folder, raw, [], date);
        if (!result || !result.uid) throw new Error("APPEND returned no uid");
        return { uid: result.uid };
      });
    },
    async fetchAll(user, folder = "INBOX") {
      return withClient(user, async (client) => {
        const lock = await client.getMailboxLock(folder);
        try {
          if (!client.mailbox || !client.mailbox.exists) return [];
          const out: string[] = [];
          for await (const message of client.fetch("1:*", { source: true })) out.push(message.source?.toString("utf8") ?? "");
          return out;
        } finally {
          lock.release();
        }
      });
    },
    async folders(user) {
      return withClient(user, async (client) => (await client.list()).map((folder) => ({ path: folder.path, specialUse: folder.specialUse })));
    },
    stop() {
      const pidFile = path.join(root, "base", "master.pid");
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, "utf8").trim());
        try {
          process.kill(pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      // The master may still be writing its state as it stops: retry, and leave a stray temp folder rather than fail.
      try {
        rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // left for the system's temp cleaning
      }
    },
  };
}
