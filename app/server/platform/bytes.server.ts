/**
 * The pieces of `bytes` between the occurrences of `needle`, the needle left out (all of `bytes`
 * when it never occurs or is empty). Used on rendered pages, without decoding them: `needle` is
 * ASCII (a nonce, an attribute), and ASCII bytes never occur inside another character's UTF-8
 * sequence, so a match is always the text itself.
 */
export function* piecesAround(bytes: Buffer, needle: string): Generator<Buffer> {
  let from = 0;
  for (let at = needle ? bytes.indexOf(needle) : -1; at >= 0; at = bytes.indexOf(needle, from)) {
    yield bytes.subarray(from, at);
    from = at + needle.length;
  }
  yield bytes.subarray(from);
}
