/**
 * One big JSON object, read as it streams in, a member or an element at a time (docs/decisions/0051).
 *
 * A file of the shape `{ "key": [ item, item, … ], "key": value, … }` is split at its top two
 * levels by a scan of its bytes that follows only strings and brackets; each item (or whole value)
 * is then parsed by the platform's JSON.parse, which checks it. Only the part being read is held,
 * so memory stays within the largest part, whatever the file's size; and the bytes of a part are
 * looked at twice (the scan, then JSON.parse) rather than token by token in JavaScript, several times
 * faster than a streaming tokenizer on a file of many small documents.
 *
 * The grammar between the parts (braces, keys, colons, commas) is checked here; a part's own text
 * by JSON.parse. Text is UTF-8, decoded strictly.
 */

/** What the splitter finds, in the file's order. */
export type JsonPart =
  /** A top-level member read as one value: a key given to `whole`, or any value that is not a list or object. */
  | { kind: "whole"; key: string; value: unknown; at: number }
  /** A top-level member whose value is a list or an object, before its items. */
  | { kind: "opened"; key: string; container: "list" | "object"; at: number }
  /** One element of such a list, or one member's value of such an object; `index` counts them from 0. */
  | { kind: "item"; key: string; container: "list" | "object"; index: number; value: unknown; at: number };

/**
 * Why a file could not be split: `shape` when it is not an object at all, `too-big` when a part is
 * over the limit (`where` names it: `key[index]`, `key`, or a key's place), `invalid` otherwise.
 */
export class JsonSplitError extends Error {
  readonly reason: "shape" | "invalid" | "too-big";
  readonly where: string;
  constructor(message: string, reason: "shape" | "invalid" | "too-big", where = "") {
    super(message);
    this.reason = reason;
    this.where = where;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** A byte that ends a bare word (a number, true, …) and cannot begin a value. */
const isDelimiter = (c: number) => c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COLON;
const unexpected = (c: number, position: number) =>
  new JsonSplitError(`unexpected ${JSON.stringify(String.fromCharCode(c))} at byte ${position}`, "invalid");

/**
 * Where the grammar between the parts is: in the top object (a key or its end; after a comma, a
 * key; …), in a top-level list (an element or its end, …), or in a top-level object (a member's key
 * or its end, …).
 */
type At =
  | "start"
  | "key-or-end"
  | "key"
  | "colon"
  | "value"
  | "comma-or-end"
  | "item-or-end"
  | "item"
  | "item-comma-or-end"
  | "member-key-or-end"
  | "member-key"
  | "member-colon"
  | "member-value"
  | "member-comma-or-end"
  | "done";

/**
 * What text is being captured, and what is done with it when it ends: a key of the top object or of
 * a top-level object's member; a whole top-level value; an item.
 */
type Capture = "none" | "key" | "member-key" | "whole" | "item";

/**
 * Splits the chunks of one JSON object into its parts. `whole(key)` says which top-level members
 * are read as one value even when they are lists or objects; `maxPartBytes` bounds any one part
 * (a key, a whole value, an item).
 */
export async function* splitJson(
  chunks: AsyncIterable<Uint8Array>,
  options: { whole: (key: string) => boolean; maxPartBytes: number },
): AsyncGenerator<JsonPart> {
  const splitter = new Splitter(options.whole, options.maxPartBytes);
  for await (const chunk of chunks) {
    splitter.write(chunk);
    yield* splitter.take();
  }
  splitter.end();
  yield* splitter.take();
}

class Splitter {
  private at: At = "start";
  /** Bytes before the current chunk. */
  private offset = 0;
  private readonly ready: JsonPart[] = [];
  private key = "";
  private container: "list" | "object" = "list";
  private index = 0;
  // The text being captured: its pieces so far, size, where it began, and its scanner's state.
  private capture: Capture = "none";
  private pieces: Uint8Array[] = [];
  private size = 0;
  private start = 0;
  /** A string, a container (its open brackets in `brackets`), or a bare word (number, true, …). */
  private shape: "string" | "container" | "word" = "string";
  private inString = false;
  private escaped = false;
  private brackets = new Uint8Array(64);
  private depth = 0;
  // A byte-order mark is kept (and refused by JSON.parse) rather than dropped from a part's start.
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

  private readonly whole: (key: string) => boolean;
  private readonly maxPartBytes: number;

  constructor(whole: (key: string) => boolean, maxPartBytes: number) {
    this.whole = whole;
    this.maxPartBytes = maxPartBytes;
  }

  take(): JsonPart[] {
    return this.ready.splice(0);
  }

  write(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.capture !== "none") {
        i = this.scan(chunk, i);
        continue;
      }
      const c = chunk[i] as number;
      if (isSpace(c)) {
        i++;
        continue;
      }
      this.step(c, this.offset + i);
      // A value or key starting here is scanned from its first byte; other bytes are consumed.
      if (this.capture === "none") i++;
    }
    this.offset += n;
  }

  end(): void {
    if (this.at === "start") throw new JsonSplitError("empty", "shape");
    if (this.capture !== "none" || this.at !== "done")
      throw new JsonSplitError(`it ends before the JSON document does (byte ${this.offset})`, "invalid");
  }

  /** One byte of the grammar between parts (not a space). */
  private step(c: number, position: number): void {
    switch (this.at) {
      case "start":
        if (c !== OPEN_BRACE) throw new JsonSplitError("not an object", "shape");
        this.at = "key-or-end";
        return;
      case "key-or-end":
      case "key":
        if (c === CLOSE_BRACE && this.at === "key-or-end") this.at = "done";
        else if (c === QUOTE) this.begin("key", c, position);
        else throw unexpected(c, position);
        return;
      case "colon":
        if (c !== COLON) throw unexpected(c, position);
        this.at = "value";
        return;
      case "value":
        if ((c === OPEN_BRACKET || c === OPEN_BRACE) && !this.whole(this.key)) {
          this.container = c === OPEN_BRACKET ? "list" : "object";
          this.index = 0;
          this.ready.push({ kind: "opened", key: this.key, container: this.container, at: position });
          this.at = c === OPEN_BRACKET ? "item-or-end" : "member-key-or-end";
        } else this.begin("whole", c, position);
        return;
      case "comma-or-end":
        if (c === COMMA) this.at = "key";
        else if (c === CLOSE_BRACE) this.at = "done";
        else throw unexpected(c, position);
        return;
      case "item-or-end":
      case "item":
        if (c === CLOSE_BRACKET && this.at === "item-or-end") this.at = "comma-or-end";
        else if (isDelimiter(c)) throw unexpected(c, position);
        else this.begin("item", c, position);
        return;
      case "item-comma-or-end":
        if (c === COMMA) this.at = "item";
        else if (c === CLOSE_BRACKET) this.at = "comma-or-end";
        else throw unexpected(c, position);
        return;
      case "member-key-or-end":
      case "member-key":
        if (c === CLOSE_BRACE && this.at === "member-key-or-end") this.at = "comma-or-end";
        else if (c === QUOTE) this.begin("member-key", c, position);
        else throw unexpected(c, position);
        return;
      case "member-colon":
        if (c !== COLON) throw unexpected(c, position);
        this.at = "member-value";
        return;
      case "member-value":
        if (isDelimiter(c)) throw unexpected(c, position);
        this.begin("item", c, position);
        return;
      case "member-comma-or-end":
        if (c === COMMA) this.at = "member-key";
        else if (c === CLOSE_BRACE) this.at = "comma-or-end";
        else throw unexpected(c, position);
        return;
      case "done":
        throw new JsonSplitError(`there is more after the JSON document (byte ${position})`, "invalid");
    }
  }

  private begin(capture: Capture, first: number, position: number): void {
    this.capture = capture;
    this.pieces = [];
    this.size = 0;
    this.start = position;
    this.inString = false;
    this.escaped = false;
    this.depth = 0;
    this.shape =
      first === QUOTE ? "string" : first === OPEN_BRACE || first === OPEN_BRACKET ? "container" : "word";
  }

  /** Scans the captured text from `from`; returns where the grammar goes on (the chunk's end if it does not end here). */
  private scan(chunk: Uint8Array, from: number): number {
    let i = from;
    const n = chunk.length;
    let ended = false;
    if (this.shape === "word") {
      // A number, true, false or null ends before a space or a delimiter, which the grammar then reads.
      while (i < n) {
        const c = chunk[i] as number;
        if (isSpace(c) || isDelimiter(c)) {
          ended = true;
          break;
        }
        i++;
      }
    } else {
      let inString = this.inString;
      let escaped = this.escaped;
      let depth = this.depth;
      const container = this.shape === "container";
      for (; i < n; i++) {
        const c = chunk[i] as number;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) {
            inString = false;
            if (!container) {
              i++;
              ended = true;
              break;
            }
          }
        } else if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          if (depth === this.brackets.length) {
            const more = new Uint8Array(depth * 2);
            more.set(this.brackets);
            this.brackets = more;
          }
          this.brackets[depth++] = c;
        } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          if (depth === 0 || this.brackets[depth - 1] !== c - 2) throw unexpected(c, this.offset + i);
          if (--depth === 0) {
            i++;
            ended = true;
            break;
          }
        }
      }
      this.inString = inString;
      this.escaped = escaped;
      this.depth = depth;
    }
    const begins = this.pieces.length === 0 ? this.start - this.offset : 0;
    if (i > begins) {
      this.pieces.push(chunk.subarray(begins, i));
      this.size += i - begins;
    }
    if (this.size > this.maxPartBytes) throw this.tooBig();
    if (ended) this.finish();
    return i;
  }

  private tooBig(): JsonSplitError {
    const where =
      this.capture === "item"
        ? `${this.key}[${this.index}]`
        : this.capture === "whole"
          ? this.key
          : `a key at byte ${this.start}`;
    return new JsonSplitError(`${where}: over ${this.maxPartBytes} bytes`, "too-big", where);
  }

  /** A captured text is whole: parsed, and the grammar goes on after it. */
  private finish(): void {
    let bytes = this.pieces[0] ?? new Uint8Array(0);
    if (this.pieces.length > 1) {
      bytes = new Uint8Array(this.size);
      let at = 0;
      for (const piece of this.pieces) {
        bytes.set(piece, at);
        at += piece.length;
      }
    }
    this.pieces = [];
    let value: unknown;
    try {
      value = JSON.parse(this.decoder.decode(bytes));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new JsonSplitError(
        `${reason.slice(0, 120)}, of the value that starts at byte ${this.start}`,
        "invalid",
      );
    }
    const capture = this.capture;
    this.capture = "none";
    switch (capture) {
      case "key":
        this.key = value as string;
        this.at = "colon";
        return;
      case "member-key":
        this.at = "member-colon";
        return;
      case "whole":
        this.ready.push({ kind: "whole", key: this.key, value, at: this.start });
        this.at = "comma-or-end";
        return;
      case "item":
        this.ready.push({
          kind: "item",
          key: this.key,
          container: this.container,
          index: this.index++,
          value,
          at: this.start,
        });
        this.at = this.container === "list" ? "item-comma-or-end" : "member-comma-or-end";
        return;
    }
  }
}
