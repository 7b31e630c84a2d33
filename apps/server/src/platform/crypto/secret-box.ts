import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts channel secrets at rest with AES-256-GCM: one version byte, a random 96-bit IV, the tag, then
 * the ciphertext. The tag makes a changed or misplaced value fail to open instead of reading as garbage.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new Error("the secret key must be 32 bytes");
    return new SecretBox(key);
  }

  seal(value: unknown): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  /** A keyed digest (HMAC-SHA256, hex) for links the server hands out and checks later, such as media for providers. */
  mac(text: string): string {
    return createHmac("sha256", this.key).update(`mac:${text}`).digest("hex");
  }

  open<T>(sealed: Buffer): T {
    if (sealed[0] !== VERSION) throw new Error("unknown secret format");
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", this.key, iv);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString("utf8")) as T;
  }
}

/** `HOLBOO_SECRET_KEY` (64 hex characters or base64 of 32 bytes) when set; otherwise a key made once in the data folder. */
export async function loadSecretBox(configured: string | undefined, dataDir: string): Promise<SecretBox> {
  if (configured) return SecretBox.fromKey(parseKey(configured));
  const file = path.join(dataDir, "secret.key");
  if (!existsSync(file)) {
    await mkdir(dataDir, { recursive: true });
    // "wx": two processes starting together cannot both write a key; the loser reads the winner's.
    await writeFile(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  }
  return SecretBox.fromKey(parseKey((await readFile(file, "utf8")).trim()));
}

export function parseKey(text: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
}
