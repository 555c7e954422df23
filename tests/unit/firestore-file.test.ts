import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { entriesOfValue, readFirestoreFile } from "#app/server/backup/firestore-file.server.ts";

// Reading an export file (docs/decisions/0051): the entries are those of the same export given as a
// value, from a plain or a gzipped file; what is not an export is refused with one line.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-firestore-file-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

async function all<T>(entries: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of entries) out.push(e);
  return out;
}

// In the order entriesOfValue gives them: subjects, then resources, notes, blogs, users.
const exported = {
  subjects: { "10": { maths: "Mathematics" }, "12": { physics: "Physics" } },
  resources: [
    {
      id: "r1",
      grade: 10,
      subject: "maths",
      chapterTitle: "Real Numbers",
      notes: [{ url: "https://a.in/[x]" }],
    },
    { id: "r2", grade: 12, subject: "physics", chapterTitle: 'Quotes " and } brackets ]' },
    "not a document",
  ],
  notes: [{ id: "n1", chapterId: "r1", content: "<p>हिन्दी</p>" }],
  blogs: [],
  users: [{ id: "u1", email: "a@b.in" }],
  somethingElse: { big: [1, 2, 3], more: "ignored" },
};

describe("an export file", () => {
  it("gives the entries of the same export given as a value, plain or gzipped", async () => {
    const text = JSON.stringify(exported, null, 1);
    const want = await all(entriesOfValue(exported));
    expect(want.length).toBe(1 + 3 + 1 + 1);
    expect(await all(readFirestoreFile(write("export.json", text)))).toEqual(want);
    expect(await all(readFirestoreFile(write("export.json.gz", zlib.gzipSync(text))))).toEqual(want);
  });

  it("names a collection that is not a list, and subjects that are not an object", async () => {
    const entries = await all(
      readFirestoreFile(
        write(
          "shapes.json",
          JSON.stringify({ subjects: ["10"], resources: { r1: { id: "r1" } }, notes: 5, blogs: null }),
        ),
      ),
    );
    expect(entries).toEqual([
      { problem: "subjects: must be an object keyed by class" },
      { problem: "resources: must be a list of documents" },
      { problem: "notes: must be a list of documents" },
      { problem: "blogs: must be a list of documents" },
    ]);
    // No subjects at all (null) is no problem.
    expect(
      await all(readFirestoreFile(write("null-subjects.json", '{"subjects": null, "resources": []}'))),
    ).toEqual([]);
  });

  it("refuses what it cannot read with one line naming the file", async () => {
    const refused = async (file: string) => {
      try {
        await all(readFirestoreFile(file));
      } catch (err) {
        return (err as Error).message;
      }
      return "read";
    };
    expect(await refused(write("bad.json.gz", "not gzip at all"))).toMatch(
      /bad\.json\.gz cannot be imported: it is not valid JSON \(/,
    );
    expect(await refused(write("broken.json", '{"resources": [{"id": "r1",}]}'))).toMatch(
      /broken\.json cannot be imported: it is not valid JSON \(.* position 12 .* of the value that starts at byte 15\)\.$/,
    );
    expect(await refused(write("list.json", "[]"))).toMatch(
      /^The file must hold one JSON object keyed by collection/,
    );
    const huge = `{"resources": [{"id": "r1"}, {"id": "r2", "chapterTitle": "${"a".repeat(9 * 1024 * 1024)}"}]}`;
    expect(await refused(write("huge.json", huge))).toMatch(
      /huge\.json cannot be imported: resources\[1\]: over 8 MB; a Firestore document is at most 1 MiB\.$/,
    );
    for (const message of [
      await refused(write("cut.json", '{"resources": [{"id": "r1"}')),
      await refused(write("more.json", "{} {}")),
    ])
      expect(message.split("\n")).toHaveLength(1);
  });
});
