/** Splits a list into pieces of `size`, so that no statement binds too many parameters. */
export function batches<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * A table read a batch at a time in key order, however big: `read(after)` gives the rows after the
 * key `after` (undefined: from the first), and the next batch starts after the last row's key.
 */
export async function* batchesAfter<Row, Key>(
  read: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row[]> {
  for (let after: Key | undefined; ; ) {
    const rows = await read(after);
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows;
    after = keyOf(last);
  }
}
