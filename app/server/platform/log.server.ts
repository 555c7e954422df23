import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";

// The server's one logger (docs/decisions/0013). LOG_FORMAT=json writes JSON lines for a log
// shipper; text (the default) writes one readable line per event. Information goes to stdout,
// warnings and errors to stderr, written synchronously (as console.log did), so a crash loses
// nothing. Every line written while a request is answered carries its request id. The command
// line talks to people with console.log; this logger is for what the server does.

export type LogFormat = "text" | "json";

/** What a line says besides its message. `err` keeps its stack in the log, never in an answer. */
export type LogFields = { err?: unknown; [field: string]: unknown };

/** Fields that may hold a secret are written as "***" wherever they appear, as a last guard. */
const SECRETS = ["password", "token", "cookie", "authorization", "secret"];

type Writer = { write(line: string): void };

type LogState = {
  logger: Logger;
  format: LogFormat;
  requests: AsyncLocalStorage<{ requestId: string }>;
};

// One logger per process: the server's own modules and the bundled app (server/app.ts) are two
// module graphs, so the logger lives on globalThis rather than in this module.
const KEY = Symbol.for("chapterwise.log");
type Holder = { [KEY]?: LogState };

function state(): LogState {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const requests = new AsyncLocalStorage<{ requestId: string }>();
    const format: LogFormat = process.env.LOG_FORMAT?.trim().toLowerCase() === "json" ? "json" : "text";
    holder[KEY] = { requests, format, logger: createLogger(format, requests) };
  }
  return holder[KEY];
}

/** LOG_FORMAT as the configuration read it (server.ts): the environment's guess until then. */
export function setLogFormat(format: LogFormat): void {
  const current = state();
  if (current.format === format) return;
  current.format = format;
  current.logger = createLogger(format, current.requests);
}

/**
 * A pino logger writing `format` lines: information to `out`, warnings and errors to `err` (the
 * process's stdout and stderr unless given; tests give their own).
 */
export function createLogger(
  format: LogFormat,
  requests: AsyncLocalStorage<{ requestId: string }> = state().requests,
  writers: { out?: Writer; err?: Writer } = {},
): Logger {
  const out = writers.out ?? pino.destination({ dest: 1, sync: true });
  const err = writers.err ?? pino.destination({ dest: 2, sync: true });
  const shaped = (writer: Writer): DestinationStream =>
    format === "json" ? writer : { write: (line: string) => writer.write(textLine(line)) };
  return pino(
    {
      level: "info",
      // JSON lines say which process and machine wrote them; text lines are read where they are written.
      ...(format === "json" ? {} : { base: null }),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
      redact: { paths: SECRETS.flatMap((name) => [name, `*.${name}`]), censor: "***" },
      mixin: () => {
        const request = requests.getStore();
        return request ? { requestId: request.requestId } : {};
      },
    },
    pino.multistream(
      [
        { level: "info", stream: shaped(out) },
        { level: "warn", stream: shaped(err) },
      ],
      { dedupe: true },
    ),
  );
}

const NOT_SHOWN = new Set(["time", "level", "msg", "err", "pid", "hostname"]);

/** A value as `key=value` shows it: bare when it is one plain word, else quoted as JSON. */
function shown(value: unknown): string {
  if (typeof value !== "string") return JSON.stringify(value);
  return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
}

/**
 * A JSON line from pino as one readable line: time, level, message, then `key=value` fields; an
 * error's stack follows on its own indented lines.
 */
export function textLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  // The request id last: the fields that tell lines apart come first.
  const { requestId, ...rest } = entry;
  const fields = Object.entries({ ...rest, requestId })
    .filter(([key, value]) => !NOT_SHOWN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${shown(value)}`);
  const level = String(entry.level ?? "info").toUpperCase();
  const message = String(entry.msg ?? "").replace(/\r?\n/g, "\\n");
  let line = [entry.time, level, message, ...fields].filter(Boolean).join(" ");
  const error = entry.err as { message?: string; stack?: string } | undefined;
  if (error) {
    const detail = error.stack ?? error.message ?? "";
    line += detail ? `\n    ${detail.replace(/\n/g, "\n    ")}` : "";
  }
  return `${line}\n`;
}

function write(level: "info" | "warn" | "error", message: string, fields?: LogFields): void {
  const { logger } = state();
  if (fields) logger[level](fields, message);
  else logger[level](message);
}

/** The server's log: `log.info("link check: 12 checked", { job: "link check" })`. */
export const log = {
  info: (message: string, fields?: LogFields) => write("info", message, fields),
  warn: (message: string, fields?: LogFields) => write("warn", message, fields),
  error: (message: string, fields?: LogFields) => write("error", message, fields),
};

/** A request id a client or proxy may send: short, and only characters safe in any log. */
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The sender's X-Request-Id when it is sane, else a new one. */
export function requestIdFrom(header: string | undefined | null): string {
  return header && SANE_REQUEST_ID.test(header) ? header : newRequestId();
}

// Random bytes for new request ids, drawn 256 ids at a time: a call to randomBytes for each cost
// some 10 µs of every request (answering one from the page store costs some 150 µs in all).
let idBytes = Buffer.alloc(0);
let idsTaken = 0;

/** 16 random base64url characters (12 bytes). */
function newRequestId(): string {
  if (idsTaken * 12 >= idBytes.length) {
    idBytes = randomBytes(12 * 256);
    idsTaken = 0;
  }
  const from = 12 * idsTaken++;
  return idBytes.toString("base64url", from, from + 12);
}

/** Runs `work` (a request's handling) so that every line it logs carries `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return state().requests.run({ requestId }, work);
}
