import path from "node:path";

/** Where the data lives: an embedded SQLite file, or a PostgreSQL server. */
export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type Config = {
  port: number;
  host: string;
  database: DatabaseTarget;
  /** How long anything waits for the database before answering 503 (DB_TIMEOUT_MS). */
  databaseTimeoutMs: number;
  siteUrl: string;
  siteName: string;
  appStoreUrl: string;
  appSiteUrl: string;
  /** Cookies get `Secure` and responses get HSTS when the public origin is https. */
  https: boolean;
  /** LINK_CHECK: the link checker's background schedule (off: only checks people ask for run). */
  linkCheck: boolean;
  /** LINK_CHECK_ALLOW_PRIVATE: the checker may reach loopback and private addresses (tests only). */
  linkCheckAllowPrivate: boolean;
  /** SCHEDULED_POSTS_POLL_MS: how often due scheduled posts are looked for (tests shorten it). */
  scheduledPostsPollMs: number;
  /** LOG_FORMAT: readable text lines, or JSON lines for a log shipper. */
  logFormat: "text" | "json";
  /** METRICS_TOKEN: /metrics needs it as a Bearer token; unset, /metrics answers private addresses only. */
  metricsToken: string | undefined;
  /** BACKUP_DIR: where scheduled backups are written (unset: no scheduled backups). */
  backupDir: string | undefined;
  /** BACKUP_EVERY_HOURS: how often (24). */
  backupEveryHours: number;
  /**
   * SECRET_KEY: the key two-step secrets are sealed with (app/server/accounts/secret-box.server.ts).
   * Unset on SQLite: a key generated into a file beside the database; on PostgreSQL it is required.
   */
  secretKey: Buffer | undefined;
};

/** A bad environment value: start-up stops with one line naming the variable. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.variable = variable;
  }
}

type Env = Record<string, string | undefined>;

/** Connecting, a free connection, a statement, another process's write lock: a few seconds at most. */
export const DEFAULT_DB_TIMEOUT_MS = 3_000;

/** A variable of whole milliseconds from `min` to `max` (`what` names it in the message). */
function milliseconds(
  variable: string,
  value: string | undefined,
  fallback: number,
  min: number,
  what: string,
) {
  const text = value?.trim() || String(fallback);
  const ms = Number(text);
  if (!/^\d+$/.test(text) || ms < min || ms > 600_000) {
    throw new ConfigError(variable, `"${text}" is not ${what} in milliseconds (${min}-600000)`);
  }
  return ms;
}

/** DB_TIMEOUT_MS: whole milliseconds, from 100 ms to 10 minutes. */
export function parseDatabaseTimeout(value: string | undefined): number {
  return milliseconds("DB_TIMEOUT_MS", value, DEFAULT_DB_TIMEOUT_MS, 100, "a time limit");
}

export function parseDatabaseUrl(value: string | undefined, cwd = process.cwd()): DatabaseTarget {
  const raw = (value ?? "").trim() || "./data/site.db";
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError("DATABASE_URL", `"${redactUrl(raw)}" is not a valid PostgreSQL URL`);
    }
    return { kind: "postgres", url: raw };
  }
  if (raw.startsWith("file:")) {
    const file = raw.startsWith("file://") ? new URL(raw).pathname : raw.slice("file:".length);
    if (!file) throw new ConfigError("DATABASE_URL", "the file: URL names no file");
    return { kind: "sqlite", file: path.resolve(cwd, file) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    const scheme = raw.slice(0, raw.indexOf(":"));
    throw new ConfigError(
      "DATABASE_URL",
      `unsupported scheme "${scheme}:" (use a file path or file: URL for SQLite, or postgres:// for PostgreSQL)`,
    );
  }
  return { kind: "sqlite", file: path.resolve(cwd, raw) };
}

/** Hides the password of a URL before it is ever printed. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, "//$1:***@");
}

function httpUrl(variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(variable, `"${value}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(variable, `"${value}" must start with http:// or https://`);
  }
  return value;
}

/** A variable that is one of two words; empty means the first of them. */
function oneOf<T extends string>(variable: string, value: string | undefined, words: readonly [T, T]): T {
  const text = value?.trim().toLowerCase() || words[0];
  if (!(words as readonly string[]).includes(text)) {
    throw new ConfigError(variable, `"${value?.trim()}" must be ${words[0]} or ${words[1]}`);
  }
  return text as T;
}

/**
 * METRICS_TOKEN: empty is unset; otherwise a Bearer token (RFC 6750's characters) long enough not
 * to be guessed.
 */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (!/^[A-Za-z0-9._~+/=-]{16,512}$/.test(token)) {
    throw new ConfigError(
      "METRICS_TOKEN",
      "must be 16 to 512 characters of letters, digits and . _ ~ + / = - (e.g. `openssl rand -hex 32`)",
    );
  }
  return token;
}

/** The bytes of a key, at least: 32 (256 bits), as AES-256 needs. */
export const SECRET_KEY_BYTES = 32;
const SECRET_KEY_HELP =
  "must be 32 bytes or more of random key, written as hex (64 or more characters) or base64 (44 or more): " +
  "make one with `openssl rand -hex 32` (a passphrase is not a key)";

/**
 * SECRET_KEY (or a key file's text): hex, else base64 or base64url, of at least 32 bytes. Empty is
 * unset. A key whose bytes are mostly the same (`0000…`, `aaaa…`) is refused: it was typed, not made.
 */
export function parseSecretKey(value: string | undefined, variable = "SECRET_KEY"): Buffer | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.length > 1024)
    throw new ConfigError(variable, `is ${text.length} characters long; ${SECRET_KEY_HELP}`);
  let bytes: Buffer | undefined;
  if (/^(?:[0-9a-fA-F]{2})+$/.test(text)) bytes = Buffer.from(text, "hex");
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) bytes = Buffer.from(text, "base64");
  if (!bytes || bytes.length < SECRET_KEY_BYTES) throw new ConfigError(variable, SECRET_KEY_HELP);
  // 32 random bytes have about 30 different values; fewer than 16 is a made-up key.
  if (new Set(bytes).size < 16) throw new ConfigError(variable, `does not look random; ${SECRET_KEY_HELP}`);
  return bytes;
}

export function loadConfig(env: Env = process.env): Config {
  const portText = env.PORT?.trim() || "3000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new ConfigError("PORT", `"${portText}" is not a port number (1-65535)`);
  }
  const host = env.HOST?.trim() || "0.0.0.0";
  const database = parseDatabaseUrl(env.DATABASE_URL);
  const databaseTimeoutMs = parseDatabaseTimeout(env.DB_TIMEOUT_MS);
  const siteUrl = httpUrl("SITE_URL", env.SITE_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, "");
  const siteName = env.SITE_NAME?.trim() || "ChapterWise";
  if (siteName.length > 60) throw new ConfigError("SITE_NAME", "must be at most 60 characters");
  const storeDefault = `https://play.google.com/store/search?q=${encodeURIComponent(siteName)}&c=apps`;
  const appStoreUrl = httpUrl("APP_STORE_URL", env.APP_STORE_URL?.trim() || storeDefault);
  const appSiteUrl = httpUrl("APP_SITE_URL", env.APP_SITE_URL?.trim() || appStoreUrl);
  const secretKey = parseSecretKey(env.SECRET_KEY);
  // Several instances share one PostgreSQL: a key generated by each would not open the others' secrets.
  if (!secretKey && database.kind === "postgres")
    throw new ConfigError(
      "SECRET_KEY",
      `must be set on PostgreSQL, the same for every instance; ${SECRET_KEY_HELP}`,
    );
  return {
    port,
    host,
    database,
    databaseTimeoutMs,
    siteUrl,
    siteName,
    appStoreUrl,
    appSiteUrl,
    https: siteUrl.startsWith("https:"),
    linkCheck: oneOf("LINK_CHECK", env.LINK_CHECK, ["on", "off"]) === "on",
    linkCheckAllowPrivate:
      oneOf("LINK_CHECK_ALLOW_PRIVATE", env.LINK_CHECK_ALLOW_PRIVATE, ["false", "true"]) === "true",
    // A due post goes out within a minute; tests shorten the wait (1 s to 10 minutes).
    scheduledPostsPollMs: milliseconds(
      "SCHEDULED_POSTS_POLL_MS",
      env.SCHEDULED_POSTS_POLL_MS,
      30_000,
      1_000,
      "an interval",
    ),
    logFormat: oneOf("LOG_FORMAT", env.LOG_FORMAT, ["text", "json"]),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    backupDir: env.BACKUP_DIR?.trim() ? path.resolve(env.BACKUP_DIR.trim()) : undefined,
    backupEveryHours: parseBackupHours(env.BACKUP_EVERY_HOURS),
    secretKey,
  };
}

/** BACKUP_EVERY_HOURS: whole hours from 1 to a week. */
function parseBackupHours(value: string | undefined): number {
  const text = value?.trim() || "24";
  const hours = Number(text);
  if (!/^\d+$/.test(text) || hours < 1 || hours > 168)
    throw new ConfigError("BACKUP_EVERY_HOURS", `"${text}" is not a number of hours from 1 to 168`);
  return hours;
}
