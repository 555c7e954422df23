import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  ConfigError,
  type DatabaseTarget,
  parseSecretKey,
  SECRET_KEY_BYTES,
} from "#app/server/config.server.ts";

// Two-step secrets at rest (docs/decisions/0019-secret-key.md): sealed with AES-256-GCM under a key
// derived from SECRET_KEY, so neither the database nor a backup holds one in plain text. A sealed
// value is `v1:KEYID:DATA`: the version lets a later format be told apart, the key's id (4 bytes
// derived from it, which tell nothing of the key) says which key sealed it, so a value sealed under
// another key is named as such rather than taken for damage; DATA is base64url of a random 12-byte
// nonce, the ciphertext and GCM's 16-byte tag.

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to its use: it cannot be passed off as another kind of sealed text. */
const PURPOSE = Buffer.from("chapterwise two-step secret");
const SEALED = /^v1:([0-9a-f]{8}):([A-Za-z0-9_-]+)$/;
/** The file beside a SQLite database that holds its generated key. */
export const KEY_FILE_NAME = "secret-key";

export type SecretKey = { readonly id: string; readonly key: Buffer };

/** The sealing key and its id, derived (HKDF-SHA256) from SECRET_KEY's bytes, of any length from 32. */
export function secretKeyFrom(material: Buffer): SecretKey {
  if (material.length < SECRET_KEY_BYTES) throw new Error("a secret key has at least 32 bytes");
  const derive = (info: string, length: number) =>
    Buffer.from(hkdfSync("sha256", material, Buffer.alloc(0), info, length));
  return {
    key: derive("chapterwise two-step secrets v1", 32),
    id: derive("chapterwise key id", 4).toString("hex"),
  };
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}:`);
}

/** The id of the key a sealed value names, or null when it is not a sealed value. */
export function sealedKeyId(value: string): string | null {
  return SEALED.exec(value)?.[1] ?? null;
}

export function seal(key: SecretKey, plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.key, nonce);
  cipher.setAAD(PURPOSE);
  const data = Buffer.concat([nonce, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}:${key.id}:${data.toString("base64url")}`;
}

/** The plain text of a value sealed under `key`; null when another key sealed it, or it was altered. */
export function unseal(key: SecretKey, sealed: string): string | null {
  const match = SEALED.exec(sealed);
  if (!match || match[1] !== key.id) return null;
  const data = Buffer.from(match[2] as string, "base64url");
  if (data.length <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, data.subarray(0, NONCE_BYTES));
    decipher.setAAD(PURPOSE);
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(data.subarray(NONCE_BYTES, data.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

// The process's key: set once at start (the server's createApp, the commands' openCliDatabase), so
// that routes and the backup read it without passing it through every call.
let current: SecretKey | null = null;

export function setSecretKey(key: SecretKey): void {
  current = key;
}

export function secretKey(): SecretKey {
  if (!current) throw new Error("SECRET_KEY was not loaded before a two-step secret was needed");
  return current;
}

/**
 * The key for this database: SECRET_KEY when given; otherwise, on SQLite, the key in the file
 * `secret-key` beside the database, generated (readable by its owner only) when there is none. On
 * PostgreSQL SECRET_KEY is required: instances would each generate their own.
 */
export function loadSecretKey(database: DatabaseTarget, given: Buffer | undefined): SecretKey {
  if (given) return secretKeyFrom(given);
  if (database.kind === "postgres")
    throw new ConfigError("SECRET_KEY", "must be set on PostgreSQL, the same for every instance");
  const file = path.join(path.dirname(database.file), KEY_FILE_NAME);
  return secretKeyFrom(readKeyFile(file) ?? generateKeyFile(file));
}

/** A key file's key (hex or base64, as SECRET_KEY), or undefined when there is no file. */
export function readKeyFile(file: string, variable = "SECRET_KEY"): Buffer | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  const problem = (what: string) => new ConfigError(variable, `${file} ${what}`);
  if (!stat.isFile()) throw problem("is not a file");
  if (stat.size > 4096) throw problem("is too big to be a key file");
  if (process.platform !== "win32" && (stat.mode & 0o077) !== 0)
    throw problem("can be read by others than its owner: `chmod 600` it (and think whether the key leaked)");
  const key = parseSecretKey(fs.readFileSync(file, "utf8"), variable);
  if (!key) throw problem("is empty");
  return key;
}

function generateKeyFile(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a name of its own, then linked into place: two processes starting at once
  // on a new database cannot write two keys, nor read a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    fs.writeFileSync(draft, `${randomBytes(SECRET_KEY_BYTES).toString("hex")}\n`, {
      flag: "wx",
      mode: 0o600,
    });
    fs.linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST")
      throw new ConfigError(
        "SECRET_KEY",
        `is not set, and ${file} cannot be written: ${(err as Error).message}`,
      );
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const key = readKeyFile(file);
  if (!key) throw new ConfigError("SECRET_KEY", `${file} vanished while it was read`);
  return key;
}
