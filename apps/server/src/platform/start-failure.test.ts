import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { startFailure } from "./start-failure.ts";
import { StartError, startMessage, consoleLocale } from "./start-messages.ts";

const config = loadConfig({ PORT: "3456", HOST: "127.0.0.1", DATABASE_URL: "postgres://holboo:secret@db.example.mn:6543/holboo" }, { dotenv: false });
const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("start failures", () => {
  it("say the cause and the fix in one sentence, never the stack", () => {
    const port = startFailure(errno("EADDRINUSE", "listen EADDRINUSE: address already in use 127.0.0.1:3456"), config).describe("en");
    expect(port).toBe("Port 3456 on 127.0.0.1 is already in use; stop the program that uses it, or set PORT to a free port.");

    const refused = startFailure(errno("ECONNREFUSED", "connect ECONNREFUSED 10.0.0.5:6543"), config).describe("en");
    expect(refused).toContain("db.example.mn:6543/holboo");
    expect(refused).toContain("DATABASE_URL");
    expect(refused).not.toContain("secret");
    expect(startFailure(errno("28P01", "password authentication failed"), config).key).toBe("database_unreachable");

    const unknown = startFailure(new TypeError("boom"), config).describe("en");
    expect(unknown).toMatch(/^Holboo could not start: boom\. /);
    expect(unknown).not.toMatch(/\n\s+at /);
  });

  it("show the embedded database's own words after the sentence", () => {
    const error = new StartError("postgres_failed", { path: "/srv/data/postgres" }, 'FATAL:  data directory "/srv/data/postgres" has wrong ownership\n');
    expect(error.describe("en").split("\n")).toEqual([
      "The embedded PostgreSQL in /srv/data/postgres stopped while starting (its own output follows); fix the cause it names, or set DATABASE_URL to use another PostgreSQL.",
      "PostgreSQL said:",
      '  FATAL:  data directory "/srv/data/postgres" has wrong ownership',
    ]);
    expect(error.describe("mn")).toContain("/srv/data/postgres дахь суулгагдсан PostgreSQL");
  });

  it("speak Mongolian to a Mongolian locale, English otherwise", () => {
    expect(consoleLocale({ LANG: "mn_MN.UTF-8" })).toBe("mn");
    expect(consoleLocale({ LANG: "mn_MN.UTF-8", LC_ALL: "en_US.UTF-8" })).toBe("en");
    expect(consoleLocale({ LANG: "C.UTF-8" })).toBe("en");
    expect(consoleLocale({})).toBe("en");
  });

  it("fill the same placeholders in both languages", () => {
    const keys = [
      "postgres_user_missing",
      "data_dir_unwritable",
      "system_dir_unusable",
      "cluster_unreachable",
      "cluster_link_broken",
      "postgres_spawn_failed",
      "initdb_failed",
      "postgres_failed",
      "postgres_timeout",
      "cluster_in_use",
      "orphan_not_stopping",
      "port_in_use",
      "database_unreachable",
      "unexpected",
      "cluster_relocated",
      "binaries_copied",
      "orphan_stopped",
      "postgres_exited",
    ] as const;
    const names = ["reason", "path", "link", "target", "dataDir", "pid", "port", "host", "seconds"];
    const params = Object.fromEntries(names.map((name) => [name, `«${name}»`]));
    for (const key of keys) {
      for (const locale of ["mn", "en"] as const) expect(startMessage(key, params, locale), `${key} ${locale}`).not.toMatch(/\{\w+\}/);
      const used = (locale: "mn" | "en") => names.filter((name) => startMessage(key, params, locale).includes(`«${name}»`));
      expect(used("mn"), key).toEqual(used("en"));
    }
  });
});
