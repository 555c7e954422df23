import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseDatabaseUrl, redactUrl } from "#app/server/config.server.ts";

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

  it("never prints a database password", () => {
    expect(redactUrl("postgres://app:s3cret@db:5432/site")).toBe("postgres://app:***@db:5432/site");
  });
});
