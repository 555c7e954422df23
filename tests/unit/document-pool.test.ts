import { afterAll, describe, expect, it } from "vitest";
import { makeRound, makeRoundElsewhere, stopMakingRounds } from "#app/server/search/document-pool.server.ts";
import type { Source } from "#app/server/search/document-words.server.ts";

// A bulk load makes its search documents on a thread of their own (document-pool.server.ts), as
// the engine's columns (PostgreSQL's tsvectors, SQLite's load rows): what comes back must be what
// the main thread would have made, in the order asked, and a round that cannot be made fails its
// load with a clear message.

const chapter = (id: number, title: string, html: string): Source => ({
  kind: "chapter",
  id,
  title,
  grade: 10,
  subjectCode: "science",
  subjectLabel: "Science",
  notes: [{ html, seoDescription: "Reflection and refraction", seoKeywords: '["light","mirror"]' }],
});
const link = (id: number, chapterId: number, title: string, url: string): Source => ({
  kind: "link",
  id,
  chapterId,
  normalUrl: url.toLowerCase(),
  grade: 10,
  subjectCode: "science",
  title,
  url,
  linkKind: "lectures",
  meta: "Hindi 2026",
  hidden: id % 2 === 0,
});
const post: Source = {
  kind: "post",
  id: 7,
  title: "How to revise light",
  excerpt: "A plan",
  html: "<p>Week one: mirrors.</p>",
  tag: "Physics",
  category: "Study tips",
  seoKeywords: "[]",
  status: "published",
};

/** A round of every kind: Latin, Devanagari, hostile markup, a long body. */
const round: Source[] = [
  chapter(1, "Light – Reflection and Refraction", "<p>Light is <b>reflected</b> by a mirror.</p>"),
  chapter(2, "प्रकाश का परावर्तन", `<p>${"प्रकाश परावर्तन दर्पण ".repeat(2000)}</p><script>alert(1)</script>`),
  link(11, 1, "Light full lecture", "https://www.youtube.com/watch?v=abc"),
  link(10, 1, "प्रकाश नोट्स", "https://example.org/light?x=<y>"),
  post,
];

const plain = (made: Awaited<ReturnType<typeof makeRoundElsewhere>>) => ({
  ...made,
  columns: Object.fromEntries(
    Object.entries(made.columns).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString("hex") : v]),
  ),
});

describe("search documents made on their own thread", () => {
  afterAll(() => stopMakingRounds());

  it("are the documents, columns, vocabulary and link uses the main thread makes, as Buffers", async () => {
    const made = await makeRoundElsewhere(round, true, "tsvectors");
    expect("tsv" in made.columns && Buffer.isBuffer(made.columns.tsv)).toBe(true);
    expect(plain(made)).toEqual(plain(makeRound(round, true, "tsvectors")));
    expect(made.uses.map((u) => u.refId)).toEqual([10, 11]);
    expect((await makeRoundElsewhere(round, false, "tsvectors")).uses).toEqual([]);
  });

  it("are SQLite's load rows the main thread makes: each document's row, in order, without ids", async () => {
    const made = await makeRoundElsewhere(round, true, "load-rows");
    expect(made).toEqual(makeRound(round, true, "load-rows"));
    if (!("statements" in made.columns)) throw new Error("load rows expected");
    expect(made.columns.count).toBe(round.length);
    const rows = made.columns.statements.flatMap((s) => JSON.parse(s.json) as unknown[][]);
    expect(made.columns.statements.reduce((n, s) => n + s.rows, 0)).toBe(round.length);
    expect(rows.map((r) => [r[0], r[1]])).toEqual(round.map((s) => [s.kind, s.id]));
    // The Devanagari chapter's long body is in full, and its markup is not.
    expect(rows[1]?.[6]).toContain("प्रकाश परावर्तन दर्पण");
    expect(JSON.stringify(rows)).not.toContain("<script>");
    expect(made.uses.map((u) => u.refId)).toEqual([10, 11]);
  });

  it("answers rounds asked together in the order asked", async () => {
    const rounds = Array.from({ length: 12 }, (_, r) =>
      Array.from({ length: 20 }, (_, i) =>
        link(r * 100 + i + 1, r + 1, `Topic ${r} part ${i}`, `https://e.org/${r}/${i}`),
      ),
    );
    const made = await Promise.all(rounds.map((sources) => makeRoundElsewhere(sources, true, "tsvectors")));
    expect(made.map((m) => m.uses[0]?.refId)).toEqual(rounds.map((sources) => sources[0]?.id));
    expect(made.map(plain)).toEqual(rounds.map((sources) => plain(makeRound(sources, true, "tsvectors"))));
  });

  it("a round that cannot be made fails with what went wrong; the next is made", async () => {
    const broken = { ...chapter(3, "Broken", ""), notes: null } as unknown as Source;
    await expect(makeRoundElsewhere([broken], false, "load-rows")).rejects.toThrow(
      /^Making search documents failed: /,
    );
    expect(plain(await makeRoundElsewhere(round, true, "tsvectors"))).toEqual(
      plain(makeRound(round, true, "tsvectors")),
    );
  });

  it("a stopped thread starts again for the next load", async () => {
    await stopMakingRounds();
    expect(plain(await makeRoundElsewhere(round, true, "tsvectors"))).toEqual(
      plain(makeRound(round, true, "tsvectors")),
    );
  });
});
