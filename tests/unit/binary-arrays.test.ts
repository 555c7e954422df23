import { serialize } from "pg-protocol";
import { describe, expect, it } from "vitest";
import { integerArray, textArray } from "#app/server/platform/binary-arrays.server.ts";
import { TsvectorColumn } from "#app/server/search/tsvectors.server.ts";

// A bulk load's columns (decision 0034, "late"; decision 0043): made as PostgreSQL's binary arrays,
// on the documents' thread too, whose buffers are handed to the main thread rather than copied; and
// sent in a Bind that node-postgres writes into one buffer.

/** Every Buffer of 4 KB or more allocated while `work` runs (the ones that cost a collection). */
function bytesAllocated(work: () => void): number {
  const names = ["allocUnsafe", "allocUnsafeSlow", "alloc"] as const;
  const originals = names.map((name) => Buffer[name]);
  let bytes = 0;
  names.forEach((name, i) => {
    const original = originals[i] as (size: number, ...rest: unknown[]) => Buffer;
    (Buffer as unknown as Record<string, unknown>)[name] = (size: number, ...rest: unknown[]) => {
      if (size >= 4096) bytes += size;
      return original.call(Buffer, size, ...rest);
    };
  });
  try {
    work();
  } finally {
    names.forEach((name, i) => {
      (Buffer as unknown as Record<string, unknown>)[name] = originals[i];
    });
  }
  return bytes;
}

describe("binary arrays", () => {
  it("are buffers of their own, so handing one to another thread leaves every other buffer whole", () => {
    // Small Buffers share one pool: handing over the pool would empty every Buffer in it.
    const kept = Buffer.from("kept in the shared pool");
    const tsv = new TsvectorColumn();
    tsv.addNull();
    for (const column of [textArray(["a", null]), integerArray([1, null]), tsv.done()]) {
      structuredClone(column.buffer, { transfer: [column.buffer as ArrayBuffer] });
      expect(kept.toString()).toBe("kept in the shared pool");
    }
  });

  it("are made in one buffer of about their size, whatever their text", () => {
    const ascii = Array.from({ length: 1000 }, (_, i) => `https://example.org/notes/chapter-${i}`);
    const devanagari = Array.from({ length: 1000 }, (_, i) => `प्रकाश का परावर्तन ${i}`);
    for (const values of [ascii, devanagari]) {
      let made: Buffer = Buffer.alloc(0);
      const bytes = bytesAllocated(() => {
        made = textArray(values);
      });
      expect(made.length).toBe(20 + values.reduce((n, v) => n + 4 + Buffer.byteLength(v), 0));
      expect(bytes).toBeLessThanOrEqual(2 * made.length);
    }
    let integers: Buffer = Buffer.alloc(0);
    const bytes = bytesAllocated(() => {
      integers = integerArray(Array.from({ length: 1000 }, (_, i) => i));
    });
    expect(bytes).toBe(integers.length);
  });
});

describe("node-postgres's Bind (patches/pg-protocol+1.16.1.patch)", () => {
  it("is written into one buffer of its size, not grown a parameter at a time", () => {
    const arrays = [300_000, 200_000, 400_000].map((n) => Buffer.alloc(n, 1));
    const text = "प्रकाश ".repeat(2000);
    let message: Buffer = Buffer.alloc(0);
    const bytes = bytesAllocated(() => {
      message = serialize.bind({ values: [...arrays, text, "short", null] });
    });
    expect(message.length).toBeGreaterThan(900_000 + Buffer.byteLength(text));
    // Unpatched, the writer grew four times from 256 bytes, copying what it held: 2.6 times this.
    expect(bytes).toBeLessThan(1.1 * message.length);
  });
});
