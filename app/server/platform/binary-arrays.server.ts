// PostgreSQL arrays in the binary form of its wire protocol (array_recv): a parameter sent so is
// taken element by element as it comes, where an array's text is parsed character by character,
// quotes and escapes included, and each element then parsed by its type's input function. A bulk
// load sends its columns so (decision 0034, "late"). node-postgres sends a Buffer parameter as
// binary; the statement casts it (`$1::integer[]`), which tells the server the array's type.

/** Type ids (pg_type) of the arrays' elements: fixed in every PostgreSQL. */
export const TYPE_IDS = { integer: 23, text: 25, tsvector: 3614 } as const;

/**
 * One array being written: `element` starts an element and makes room for `bytes` of it, which the
 * caller then writes at `at`; `done` gives the parameter.
 */
export class BinaryArray {
  buffer: Buffer;
  at = 20;
  private count = 0;
  private nulls = false;
  private readonly typeId: number;

  /** `bytes`: the room to start with; an array sized from its values is made once (decision 0043). */
  constructor(typeId: number, bytes = 1 << 16) {
    this.typeId = typeId;
    // Memory of its own, never Buffer's shared pool, however small: the documents' thread hands
    // its buffer to the main thread whole, and handing over the pool would empty its other Buffers.
    this.buffer = Buffer.allocUnsafeSlow(bytes);
  }

  /** Makes room for `bytes` more at `at`. */
  room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }

  /** Starts an element; returns where its length goes (`end` writes it once the element is written). */
  start(): number {
    this.count++;
    this.room(4);
    this.at += 4;
    return this.at - 4;
  }

  end(start: number): void {
    this.buffer.writeInt32BE(this.at - start - 4, start);
  }

  addNull(): void {
    this.count++;
    this.nulls = true;
    this.room(4);
    this.buffer.writeInt32BE(-1, this.at);
    this.at += 4;
  }

  addText(value: string | null | undefined): void {
    if (value === null || value === undefined) {
      this.addNull();
      return;
    }
    const start = this.start();
    if (this.at + value.length * 3 > this.buffer.length) this.room(Buffer.byteLength(value));
    this.at += this.buffer.write(value, this.at, "utf8");
    this.end(start);
  }

  addInteger(value: number | null | undefined): void {
    if (value === null || value === undefined) {
      this.addNull();
      return;
    }
    this.count++;
    this.room(8);
    this.buffer.writeInt32BE(4, this.at);
    this.buffer.writeInt32BE(value, this.at + 4);
    this.at += 8;
  }

  /** The array (one dimension, from 1), for a `$n::type[]` parameter. */
  done(): Buffer {
    const header = [1, this.nulls ? 1 : 0, this.typeId, this.count, 1];
    header.forEach((value, i) => {
      this.buffer.writeInt32BE(value, i * 4);
    });
    return this.buffer.subarray(0, this.at);
  }
}

/** `values` as a binary `text[]` parameter. */
export function textArray(values: ReadonlyArray<string | null | undefined>): Buffer {
  let bytes = 20;
  for (const value of values) bytes += 4 + (value ? Buffer.byteLength(value) : 0);
  const array = new BinaryArray(TYPE_IDS.text, bytes);
  for (const value of values) array.addText(value);
  return array.done();
}

/** `values` (whole numbers of 32 bits) as a binary `integer[]` parameter. */
export function integerArray(values: ReadonlyArray<number | null | undefined>): Buffer {
  const array = new BinaryArray(TYPE_IDS.integer, 20 + 8 * values.length);
  for (const value of values) array.addInteger(value);
  return array.done();
}
