import { describe, expect, it } from "vitest";
import { type JsonPart, JsonSplitError, splitJson } from "#app/lib/json-split.ts";

// The splitter of a big JSON object (docs/decisions/0051): what it finds must be what JSON.parse
// finds, however the bytes are cut into chunks, and what JSON.parse refuses it refuses.

const encoder = new TextEncoder();

async function* chunksOf(bytes: Uint8Array, sizes: (i: number) => number): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes(i));
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function split(
  text: string,
  size: number | ((i: number) => number) = 64 * 1024,
  maxPartBytes = 1 << 20,
) {
  const parts: JsonPart[] = [];
  const bytes = encoder.encode(text);
  for await (const part of splitJson(chunksOf(bytes, typeof size === "number" ? () => size : size), {
    whole: (key) => key === "subjects",
    maxPartBytes,
  }))
    parts.push(part);
  return parts;
}

/** What the splitter should find in a parsed object, without positions. */
function expected(value: Record<string, unknown>): unknown[] {
  return Object.entries(value).flatMap(([key, v]): unknown[] => {
    if (key === "subjects" || v === null || typeof v !== "object") return [{ kind: "whole", key, value: v }];
    const container = Array.isArray(v) ? "list" : "object";
    const items = Array.isArray(v) ? v : Object.values(v as object);
    return [
      { kind: "opened", key, container },
      ...items.map((item, index) => ({ kind: "item", key, container, index, value: item })),
    ];
  });
}

const withoutPlaces = (parts: JsonPart[]) => parts.map(({ at: _, ...rest }) => rest);

async function refusal(text: string, size = 7): Promise<JsonSplitError> {
  try {
    await split(text, size);
  } catch (err) {
    if (err instanceof JsonSplitError) return err;
    throw err;
  }
  throw new Error(`accepted: ${text.slice(0, 80)}`);
}

const sample = {
  subjects: { "10": { maths: "Mathematics", science: "Science" }, "11": {} },
  resources: [
    {
      id: "r1",
      chapterTitle: 'Quotes " and \\ backslashes \\" and {brackets] [in} strings',
      links: [{ url: "https://example.org/a?b=[1]", title: "हिन्दी में नोट्स 📘" }],
      // One escaped quote before a bracket; a string that ends in a backslash before others.
      odd: 'one " quote ] then {',
      tail: ["ends in a backslash \\", "]", "\\", '\\"}'],
      nested: { deep: [[[{ a: [] }]], {}], n: -1.5e-7, t: true, f: false, z: null },
    },
    "a string document",
    42,
    null,
    [],
    {},
  ],
  blogs: [],
  notes: { n1: { text: "an object, not a list" }, n2: [1, 2] },
  count: 3,
  flag: false,
  nothing: null,
  name: "\u0000\u001f escaped \ud83d\ude00",
};

describe("splitting one big JSON object", () => {
  it("finds what JSON.parse finds, at every chunk size down to one byte", async () => {
    for (const text of [
      JSON.stringify(sample),
      JSON.stringify(sample, null, 2),
      JSON.stringify(sample, null, "\t"),
    ]) {
      const want = expected(JSON.parse(text));
      for (const size of [1, 2, 3, 5, 13, 64, 1000, 1 << 20])
        expect(withoutPlaces(await split(text, size)), `chunks of ${size}`).toEqual(want);
      // Chunks of uneven sizes cut strings, escapes and multibyte characters everywhere.
      expect(withoutPlaces(await split(text, (i) => (i * 7919) % 17))).toEqual(want);
    }
  });

  it("gives each part's place in the file", async () => {
    const text = ' {"a": [ {"x":1} , 2 ],"subjects":{"9":{}}}';
    const parts = await split(text, 4);
    for (const part of parts) {
      if (part.kind === "opened") expect(text[part.at]).toBe("[");
      else
        expect(JSON.parse(text.slice(part.at).match(/^(\{"x":1\}|2|\{"9":\{\}\})/)?.[0] ?? "null")).toEqual(
          part.value,
        );
    }
  });

  it("reads the empty object, and spaces around everything", async () => {
    expect(await split("{}")).toEqual([]);
    expect(withoutPlaces(await split(' \n\t{ "a" :\r\n[ ] , "b" : { } }\n '))).toEqual([
      { kind: "opened", key: "a", container: "list" },
      { kind: "opened", key: "b", container: "object" },
    ]);
  });

  it("refuses what is not an object with `shape`", async () => {
    for (const text of ["", "   ", "[1, 2]", '"text"', "12", "null", "\ufeff{}"])
      expect((await refusal(text)).reason, JSON.stringify(text)).toBe("shape");
  });

  it("refuses every broken document as JSON.parse does", async () => {
    const broken = [
      "{",
      '{"a"',
      '{"a":',
      '{"a":1',
      '{"a":1,}',
      '{"a":[1,]}',
      '{"a":[,1]}',
      '{"a":[1 2]}',
      '{"a":{"b" 1}}',
      '{"a":{"b":1,}}',
      '{"a":{1:2}}',
      "{a:1}",
      '{"a" 1}',
      '{"a":1 "b":2}',
      '{"a":[{"b":1]}]}',
      '{"a":[{"b":[1}]}',
      '{"a":[}',
      '{"a":[{"b":"unterminated}]}',
      '{"a":[tru]}',
      '{"a":[01]}',
      '{"a":[1.]}',
      '{"a":["bad \\x escape"]}',
      '{"a":["raw\ncontrol"]}',
      '{"a":1}}',
      '{"a":1} {"b":2}',
      '{"a":1} x',
      '{"subjects":{"9":}}',
      '{"a":}',
      '{"a":[1]]}',
      '{"a":[\ufeff1]}',
      '{"a":\ufeff"x"}',
    ];
    for (const text of broken) {
      expect(() => JSON.parse(text), text).toThrow();
      const err = await refusal(text);
      expect(err.reason, text).toBe("invalid");
      expect(err.message.length, text).toBeLessThan(200);
    }
  });

  it("refuses bytes that are not UTF-8", async () => {
    const bytes = new Uint8Array([...encoder.encode('{"a":["'), 0xc3, 0x28, ...encoder.encode('"]}')]);
    const parts = splitJson(
      chunksOf(bytes, () => 3),
      { whole: () => false, maxPartBytes: 100 },
    );
    await expect(async () => {
      for await (const _ of parts);
    }).rejects.toThrow(JsonSplitError);
  });

  it("stops at a part over the limit, naming it, without reading on", async () => {
    const big = "x".repeat(5000);
    const at = async (text: string) => {
      try {
        await split(text, 100, 4096);
      } catch (err) {
        return err as JsonSplitError;
      }
    };
    expect(await at(`{"a":[1,{"t":"${big}"}]}`)).toMatchObject({ reason: "too-big", where: "a[1]" });
    expect(await at(`{"a":{"k":"v","m":"${big}"}}`)).toMatchObject({ reason: "too-big", where: "a[1]" });
    expect(await at(`{"subjects":{"t":"${big}"}}`)).toMatchObject({ reason: "too-big", where: "subjects" });
    expect(await at(`{"a":"${big}"}`)).toMatchObject({ reason: "too-big", where: "a" });
    expect(await at(`{"${big}":1}`)).toMatchObject({ reason: "too-big", where: "a key at byte 1" });
    // A string that never ends is refused once it passes the limit, not read to the file's end.
    const endless = async function* () {
      yield encoder.encode('{"a":["');
      for (let i = 0; i < 1_000_000; i++) yield encoder.encode("y".repeat(1000));
    };
    let chunks = 0;
    const counted = async function* () {
      for await (const c of endless()) {
        chunks++;
        yield c;
      }
    };
    await expect(async () => {
      for await (const _ of splitJson(counted(), { whole: () => false, maxPartBytes: 1 << 20 }));
    }).rejects.toMatchObject({ reason: "too-big" });
    expect(chunks).toBeLessThan(1100);
  });

  it("reads deep nesting inside a part", async () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const parts = await split(`{"a":[${deep}]}`, 333);
    expect(parts).toHaveLength(2);
    expect(await refusal(`{"a":[${"[".repeat(100)}${"]".repeat(99)}}]}`)).toMatchObject({
      reason: "invalid",
    });
  });
});
