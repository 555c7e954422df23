import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  isSealed,
  KEY_FILE_NAME,
  loadSecretKey,
  seal,
  secretKeyFrom,
  unseal,
} from "#app/server/accounts/secret-box.server.ts";
import {
  ConfigError,
  loadConfig,
  parseDatabaseUrl,
  parseSecretKey,
  redactUrl,
} from "#app/server/config.server.ts";

const HEX_KEY = randomBytes(32).toString("hex");

describe("configuration from the environment", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.siteName).toBe("ChapterWise");
    expect(config.database.kind).toBe("sqlite");
    expect(config.https).toBe(false);
  });

  it("picks the database from DATABASE_URL", () => {
    expect(parseDatabaseUrl("postgres://u@h:5432/db")).toEqual({
      kind: "postgres",
      url: "postgres://u@h:5432/db",
    });
    expect(parseDatabaseUrl("postgresql://u@h/db").kind).toBe("postgres");
    expect(parseDatabaseUrl("file:/tmp/a.db")).toEqual({ kind: "sqlite", file: "/tmp/a.db" });
    expect(parseDatabaseUrl("./x/site.db", "/srv")).toEqual({ kind: "sqlite", file: "/srv/x/site.db" });
  });

  it.each([
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ SITE_URL: "ftp://x" }, "SITE_URL"],
    [{ APP_STORE_URL: "not a url" }, "APP_STORE_URL"],
    [{ APP_SITE_URL: "javascript:alert(1)" }, "APP_SITE_URL"],
    [{ DB_TIMEOUT_MS: "soon" }, "DB_TIMEOUT_MS"],
    [{ DB_TIMEOUT_MS: "2.5" }, "DB_TIMEOUT_MS"],
    [{ DB_TIMEOUT_MS: "10" }, "DB_TIMEOUT_MS"],
    [{ DB_TIMEOUT_MS: "3600000" }, "DB_TIMEOUT_MS"],
    [{ LINK_CHECK: "sometimes" }, "LINK_CHECK"],
    [{ LINK_CHECK_ALLOW_PRIVATE: "yes" }, "LINK_CHECK_ALLOW_PRIVATE"],
    [{ SCHEDULED_POSTS_POLL_MS: "500" }, "SCHEDULED_POSTS_POLL_MS"],
    [{ SCHEDULED_POSTS_POLL_MS: "soon" }, "SCHEDULED_POSTS_POLL_MS"],
    [{ LOG_FORMAT: "xml" }, "LOG_FORMAT"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ METRICS_TOKEN: "has spaces in the middle of it" }, "METRICS_TOKEN"],
    [{ BACKUP_EVERY_HOURS: "0" }, "BACKUP_EVERY_HOURS"],
    [{ BACKUP_EVERY_HOURS: "daily" }, "BACKUP_EVERY_HOURS"],
    [{ BACKUP_EVERY_HOURS: "1000" }, "BACKUP_EVERY_HOURS"],
    [{ DATABASE_URL: "postgres://u@h/db" }, "SECRET_KEY"],
    [{ SECRET_KEY: "too short" }, "SECRET_KEY"],
    [{ SECRET_KEY: HEX_KEY.slice(0, 62) }, "SECRET_KEY"],
    [{ SECRET_KEY: "a passphrase of thirty-two bytes or more, with spaces" }, "SECRET_KEY"],
    [{ SECRET_KEY: "0".repeat(64) }, "SECRET_KEY"],
    [{ SECRET_KEY: "ab".repeat(40) }, "SECRET_KEY"],
    [{ SECRET_KEY: `${HEX_KEY}\u0000` }, "SECRET_KEY"],
    [{ SECRET_KEY: "k".repeat(1_000_000) }, "SECRET_KEY"],
  ])("a wrong value names its variable: %j", (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message.startsWith(`${variable}:`)).toBe(true);
  });

  it("waits a few seconds for the database unless DB_TIMEOUT_MS says otherwise", () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(3000);
    expect(loadConfig({ DB_TIMEOUT_MS: " 1500 " }).databaseTimeoutMs).toBe(1500);
  });

  it("looks for due scheduled posts every 30 s unless SCHEDULED_POSTS_POLL_MS says otherwise", () => {
    expect(loadConfig({}).scheduledPostsPollMs).toBe(30_000);
    expect(loadConfig({ SCHEDULED_POSTS_POLL_MS: "2000" }).scheduledPostsPollMs).toBe(2_000);
  });

  it("runs the link checker's schedule, never reaching private addresses, unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ linkCheck: true, linkCheckAllowPrivate: false });
    expect(loadConfig({ LINK_CHECK: "off", LINK_CHECK_ALLOW_PRIVATE: "true" })).toMatchObject({
      linkCheck: false,
      linkCheckAllowPrivate: true,
    });
    expect(loadConfig({ LINK_CHECK: " ON ", LINK_CHECK_ALLOW_PRIVATE: "" })).toMatchObject({
      linkCheck: true,
      linkCheckAllowPrivate: false,
    });
  });

  it("logs readable text and keeps /metrics to private addresses unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ logFormat: "text", metricsToken: undefined });
    const token = "0123456789abcdef0123456789abcdef";
    expect(loadConfig({ LOG_FORMAT: " JSON ", METRICS_TOKEN: ` ${token} ` })).toMatchObject({
      logFormat: "json",
      metricsToken: token,
    });
    expect(loadConfig({ METRICS_TOKEN: "  " }).metricsToken).toBeUndefined();
  });

  it("makes no scheduled backups unless BACKUP_DIR is set; then every 24 hours unless told", () => {
    expect(loadConfig({})).toMatchObject({ backupDir: undefined, backupEveryHours: 24 });
    expect(loadConfig({ BACKUP_DIR: " /var/backups/cw ", BACKUP_EVERY_HOURS: "6" })).toMatchObject({
      backupDir: "/var/backups/cw",
      backupEveryHours: 6,
    });
  });

  it("https origins turn on secure cookies and HSTS", () => {
    expect(loadConfig({ SITE_URL: "https://chapterwise.example/" }).https).toBe(true);
    expect(loadConfig({ SITE_URL: "https://chapterwise.example/" }).siteUrl).toBe(
      "https://chapterwise.example",
    );
  });

  it("SECRET_KEY: 32 bytes or more as hex or base64; required on PostgreSQL, optional on SQLite", () => {
    expect(loadConfig({}).secretKey).toBeUndefined();
    expect(loadConfig({ SECRET_KEY: ` ${HEX_KEY} ` }).secretKey).toEqual(Buffer.from(HEX_KEY, "hex"));
    const base64 = randomBytes(48).toString("base64");
    expect(parseSecretKey(base64)).toEqual(Buffer.from(base64, "base64"));
    const base64url = randomBytes(32).toString("base64url");
    expect(parseSecretKey(base64url)?.length).toBe(32);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", SECRET_KEY: HEX_KEY }).secretKey?.length).toBe(32);
    expect(() => loadConfig({ DATABASE_URL: "postgres://u@h/db" })).toThrow(
      /^SECRET_KEY: must be set on PostgreSQL, the same for every instance; .*openssl rand -hex 32/,
    );
    // The message names the rule, never the value given.
    const secretish = `${randomBytes(20).toString("hex")} tail`;
    expect(() => loadConfig({ SECRET_KEY: secretish })).toThrow(ConfigError);
    try {
      loadConfig({ SECRET_KEY: secretish });
    } catch (err) {
      expect((err as Error).message).not.toContain(secretish.slice(0, 10));
    }
  });

  it("sealing: AES-256-GCM with a version and the key's id; another key or an altered byte opens nothing", () => {
    const key = secretKeyFrom(Buffer.from(HEX_KEY, "hex"));
    const again = secretKeyFrom(Buffer.from(HEX_KEY, "hex"));
    expect(again).toEqual(key);
    const other = secretKeyFrom(randomBytes(64));
    expect(other.id).not.toBe(key.id);
    const sealed = seal(key, "JBSWY3DPEHPK3PXP");
    expect(sealed).toMatch(new RegExp(`^v1:${key.id}:[\\w-]+$`));
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(seal(key, "JBSWY3DPEHPK3PXP")).not.toBe(sealed);
    expect(unseal(key, sealed)).toBe("JBSWY3DPEHPK3PXP");
    expect(unseal(other, sealed)).toBeNull();
    // Claiming the other key's id does not help: the tag does not match.
    expect(unseal(other, sealed.replace(key.id, other.id))).toBeNull();
    const data = Buffer.from(sealed.split(":")[2] as string, "base64url");
    for (const at of [0, 12, data.length - 1]) {
      const altered = Buffer.from(data);
      altered[at] = (altered[at] as number) ^ 1;
      expect(unseal(key, `v1:${key.id}:${altered.toString("base64url")}`)).toBeNull();
    }
    for (const junk of [
      "",
      "v1:",
      `v1:${key.id}:`,
      `v1:${key.id}:AAAA`,
      `v1:${key.id}:${"A".repeat(100_000)}`,
    ])
      expect(unseal(key, junk)).toBeNull();
    expect(() => secretKeyFrom(randomBytes(16))).toThrow();
  });

  it("without SECRET_KEY on SQLite: a key generated once into the data folder, readable by its owner only", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-key-"));
    try {
      const target = { kind: "sqlite", file: path.join(dir, "data", "site.db") } as const;
      const key = loadSecretKey(target, undefined);
      const file = path.join(dir, "data", KEY_FILE_NAME);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
      expect(loadSecretKey(target, undefined)).toEqual(key);
      expect(fs.readdirSync(path.join(dir, "data"))).toEqual([KEY_FILE_NAME]);
      // SECRET_KEY, when given, wins over the file.
      const given = randomBytes(32);
      expect(loadSecretKey(target, given)).toEqual(secretKeyFrom(given));
      // A file others can read, a damaged one, a huge one, a folder: one line naming SECRET_KEY and the file.
      fs.chmodSync(file, 0o644);
      expect(() => loadSecretKey(target, undefined)).toThrow(
        /^SECRET_KEY: .*secret-key can be read by others/,
      );
      fs.writeFileSync(file, "not a key at all", { mode: 0o600 });
      fs.chmodSync(file, 0o600);
      expect(() => loadSecretKey(target, undefined)).toThrow(/^SECRET_KEY: must be 32 bytes or more/);
      fs.writeFileSync(file, "a".repeat(100_000));
      expect(() => loadSecretKey(target, undefined)).toThrow(/^SECRET_KEY: .*is too big to be a key file/);
      fs.rmSync(file);
      fs.mkdirSync(file);
      expect(() => loadSecretKey(target, undefined)).toThrow(/^SECRET_KEY: .*is not a file/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("never prints a database password", () => {
    expect(redactUrl("postgres://app:s3cret@db:5432/site")).toBe("postgres://app:***@db:5432/site");
  });
});
