import { type Kysely, type SqlBool, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { linkMetaOfRow, linkMetaWords } from "#app/lib/link-types.ts";
import { normaliseLinkUrl } from "#app/lib/link-urls.ts";
import {
  everyRowInRounds,
  type IdQuery,
  type IdRange,
  isIdRange,
  pieces,
  queueEveryRow,
  queuesDeferred,
  type RowIds,
} from "#app/server/platform/pending.server.ts";
import type { DB } from "#app/server/schema.server.ts";
import { makeRoundElsewhere, stopMakingRounds } from "#app/server/search/document-pool.server.ts";
import {
  type ChapterLinkUse,
  documentOf,
  type Source,
  vocabularyOf,
} from "#app/server/search/document-words.server.ts";
import { engineOf } from "#app/server/search/engine.server.ts";
import type { DocumentKind } from "#app/server/search/engine-types.server.ts";

// The search index is kept in step with the content inside the transaction that changes it
// (docs/decisions/0010-search.md). Triggers on the content tables (migration 0011) note each
// document a write touches in `search_pending`; contentChanged(), which every write of public
// content calls inside its transaction, then calls updateSearchIndex() to rebuild those documents
// here. Whatever the write path (a domain function, a bulk update, an import, a job), the index
// commits or rolls back with it. Nothing here imports db.server.ts: the migrator calls it too.

type Db = Kysely<DB>;

/** Rows read and documents written per round: memory stays flat however much changed. */
const BATCH = 500;
/** Chapters (with their notes) and posts are read fewer at a time: a note may be 200,000 characters of HTML. */
const TEXT_BATCH = 50;

/**
 * Which of these normalised addresses chapter pages leave off (hiddenLinkUrls' rule, asked here
 * without recording the page being rendered: this is a write). `shown` overrides the table for
 * addresses whose rows are about to change (linkShownChanged).
 */
async function hiddenAddresses(
  db: Db,
  urls: readonly string[],
  shown?: ReadonlyMap<string, boolean>,
): Promise<Set<string>> {
  const hidden = new Set<string>();
  const asked = [...new Set(urls)].filter((url) => !shown?.has(url));
  for (const part of batches(asked, BATCH)) {
    const rows = await db
      .selectFrom("links")
      .select("url")
      .where("url", "in", part)
      .where("status", "=", "broken")
      .where("marked_fine", "=", 0)
      .execute();
    for (const r of rows) hidden.add(r.url);
  }
  for (const [url, isHidden] of shown ?? []) if (isHidden) hidden.add(url);
  return hidden;
}

/**
 * The sources of `ids` (chapter links may be given as a range of ids: read in id order).
 * `noneHidden`: no address is hidden (none is Broken and not marked fine, and none will be while
 * these are read: a bulk load adds only unchecked ones), so none is looked up.
 */
async function readSources(
  db: Db,
  kind: DocumentKind,
  ids: RowIds | IdRange,
  shown?: ReadonlyMap<string, boolean>,
  noneHidden = false,
): Promise<Source[]> {
  if (kind === "link") {
    const rows = await db
      .selectFrom("chapter_links")
      .innerJoin("chapters", "chapters.id", "chapter_links.chapter_id")
      .select([
        "chapter_links.id",
        "chapter_links.chapter_id",
        "chapter_links.title",
        "chapter_links.url",
        "chapter_links.kind",
        "chapter_links.type",
        "chapter_links.language",
        "chapter_links.year",
        "chapters.grade",
        "chapters.subject_code",
      ])
      .$call((q) =>
        isIdRange(ids)
          ? q.where("chapter_links.id", ">", ids.after).orderBy("chapter_links.id").limit(ids.size)
          : q.where("chapter_links.id", "in", ids as IdQuery),
      )
      .execute();
    const normal = rows.map((r) => normaliseLinkUrl(r.url));
    const hidden = noneHidden
      ? new Set<string>()
      : await hiddenAddresses(
          db,
          normal.filter((url) => url !== null),
          shown,
        );
    return rows.map((r, i) => ({
      kind,
      id: r.id,
      chapterId: r.chapter_id,
      normalUrl: normal[i] ?? null,
      grade: r.grade,
      subjectCode: r.subject_code,
      title: r.title,
      url: r.url,
      linkKind: r.kind,
      meta: linkMetaWords(linkMetaOfRow(r)).join(" "),
      hidden: hidden.has(normal[i] ?? ""),
    }));
  }
  const sources: Source[] = [];
  if (isIdRange(ids)) throw new Error(`${kind} documents are read by their ids`);
  for (const part of pieces(ids, TEXT_BATCH)) {
    if (kind === "chapter") {
      // Both asked at once: on PostgreSQL the notes' read then waits behind no write of this
      // connection sent after the chapters' (indexEveryDocument writes a round while reading the next).
      const chaptersRead = db
        .selectFrom("chapters")
        .innerJoin("subjects", (j) =>
          j
            .onRef("subjects.grade", "=", "chapters.grade")
            .onRef("subjects.code", "=", "chapters.subject_code"),
        )
        .select([
          "chapters.id",
          "chapters.title",
          "chapters.grade",
          "chapters.subject_code",
          "subjects.label",
        ])
        .where("chapters.id", "in", part as IdQuery)
        .execute();
      const notesRead = db
        .selectFrom("notes")
        .select(["chapter_id", "content", "seo_description", "seo_keywords"])
        .where("chapter_id", "in", part as IdQuery)
        .orderBy("chapter_id")
        .orderBy("id")
        .execute();
      const [rows, notes] = await Promise.all([chaptersRead, notesRead]);
      const byChapter = Map.groupBy(notes, (n) => n.chapter_id);
      for (const r of rows) {
        sources.push({
          kind,
          id: r.id,
          title: r.title,
          grade: r.grade,
          subjectCode: r.subject_code,
          subjectLabel: r.label,
          notes: (byChapter.get(r.id) ?? []).map((n) => ({
            html: n.content,
            seoDescription: n.seo_description,
            seoKeywords: n.seo_keywords,
          })),
        });
      }
    } else {
      const rows = await db
        .selectFrom("posts")
        .select(["id", "title", "excerpt", "content", "tag", "category", "seo_keywords", "status"])
        .where("id", "in", part as IdQuery)
        .execute();
      for (const r of rows) {
        sources.push({
          kind,
          id: r.id,
          title: r.title,
          excerpt: r.excerpt,
          html: r.content,
          tag: r.tag,
          category: r.category,
          seoKeywords: r.seo_keywords,
          status: r.status,
        });
      }
    }
  }
  return sources;
}

const KINDS: readonly DocumentKind[] = ["chapter", "link", "post"];

/**
 * Rebuilds the documents of `ids` of one kind: those whose rows are gone leave the index (unless
 * the index was `empty` when this began: a restore's build has nothing to remove).
 */
async function rebuild(
  db: Db,
  kind: DocumentKind,
  ids: number[],
  knownWords: Set<string>,
  empty: boolean,
  shown?: ReadonlyMap<string, boolean>,
): Promise<number> {
  const sources = await readSources(db, kind, ids, shown);
  if (!empty) await engineOf(db).removeDocuments(db, kind, ids);
  await writeDocuments(db, sources, knownWords);
  return sources.length;
}

/**
 * Adds the documents of `sources` (none of them in the index) and their new vocabulary. What they
 * are is worked out before the first statement is sent; the statements then go without waiting
 * for each other (on PostgreSQL the server writes them while the caller goes on).
 */
function writeDocuments(db: Db, sources: readonly Source[], knownWords: Set<string>): Promise<unknown> {
  const vocabulary = [...new Set(sources.flatMap(vocabularyOf))];
  return writeRound(db, knownWords, vocabulary, engineOf(db).addDocuments(db, sources.map(documentOf)));
}

/** A round's new words (those not in `knownWords` yet) added to the vocabulary, beside its documents being written. */
function writeRound(
  db: Db,
  knownWords: Set<string>,
  vocabulary: readonly string[],
  documentsWritten: Promise<unknown>,
): Promise<unknown> {
  const fresh = vocabulary.filter((w) => !knownWords.has(w));
  for (const word of fresh) knownWords.add(word);
  return Promise.all([
    documentsWritten,
    ...batches(fresh, 500).map((part) =>
      db
        .insertInto("search_words")
        .values(part.map((word) => ({ word })))
        .onConflict((oc) => oc.column("word").doNothing())
        .execute(),
    ),
  ]);
}

/** Rows read per round when every document is built: chapters come with their notes' text. */
const EVERY_BATCH: Record<DocumentKind, number> = { chapter: 100, link: 1000, post: 100 };
const TABLES = { chapter: "chapters", link: "chapter_links", post: "posts" } as const;

/**
 * Builds the document of every chapter, link and post into an index that has none (a restore,
 * inside its transaction, after its rows are in), reading each table in id order rather than
 * through `search_pending` (which it empties: everything in it is built), one round written while
 * the next is made (everyRowInRounds). Returns how many documents it wrote.
 *
 * `linkUses`, when Link health's inventory is built in the same load (countEveryLink), is given
 * each round's chapter link uses, in id order, one round after the other: the links are read and
 * their words made once for both (decision 0034).
 */
export async function indexEveryDocument(
  db: Db,
  linkUses?: (uses: ChapterLinkUse[]) => Promise<unknown>,
): Promise<number> {
  const knownWords = new Set<string>();
  // Asked once: a bulk load adds no Broken address meanwhile (its links are unchecked).
  const noneHidden =
    (await db
      .selectFrom("links")
      .select("id")
      .where("status", "=", "broken")
      .where("marked_fine", "=", 0)
      .limit(1)
      .executeTakeFirst()) === undefined;
  let usesWritten: Promise<unknown> = Promise.resolve();
  // Rounds' uses in order (links get their ids in the order they are first used).
  const writeUses = (uses: ChapterLinkUse[]) => {
    usesWritten = usesWritten.then(() => (linkUses && uses.length > 0 ? linkUses(uses) : undefined));
    return usesWritten;
  };
  const engine = engineOf(db);
  let sent: Promise<unknown> = Promise.resolve();
  // Each round's documents are made on another thread, as the engine's columns, and sent once
  // made, in the order read (the documents' ids, the new words and the links' ids follow it).
  const write = (sources: Source[]) => {
    const made = makeRoundElsewhere(sources, linkUses !== undefined, engine.roundColumns);
    made.catch(() => {});
    const written = sent.then(async () => {
      const round = await made;
      const documents = writeRound(
        db,
        knownWords,
        round.vocabulary,
        engine.addDocumentColumns(db, round.columns),
      );
      return { all: Promise.all([documents, writeUses(round.uses)]) };
    });
    sent = written;
    return written.then(({ all }) => all);
  };
  let written = 0;
  try {
    for (const kind of KINDS) {
      written += await everyRowInRounds(
        db,
        TABLES[kind],
        EVERY_BATCH[kind],
        // Links read as a range, their ids with them (a join with their chapter, which each has).
        (ids, range) => readSources(db, kind, kind === "link" ? range : ids, undefined, noneHidden),
        write,
        kind === "link" ? (sources) => sources.map((s) => s.id) : undefined,
      );
    }
  } finally {
    await stopMakingRounds();
  }
  await db.deleteFrom("search_pending").execute();
  return written;
}

/** Runs `work` in a transaction: `db`'s when it is one, else a new one. */
function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Rebuilds every document noted in `search_pending` and forgets them: called by contentChanged()
 * inside the write's transaction (and by the migrator after migration 0011 noted everything).
 * Returns how many documents it wrote.
 */
export function updateSearchIndex(db: Db): Promise<number> {
  if (queuesDeferred()) return Promise.resolve(0);
  return transaction(db, async (trx) => {
    let written = 0;
    const knownWords = new Set<string>();
    // Whether the index was empty as this began (asked once, and only when there is work).
    let empty: boolean | undefined;
    // Read on from the last one taken, not from the start: PostgreSQL keeps the rows this
    // transaction deleted in the index until it ends, and a restore's 400,000 would be read again
    // at every batch.
    for (let after: { kind: string; ref_id: number } | undefined; ; ) {
      const from = after;
      const pending = await trx
        .selectFrom("search_pending")
        .select(["kind", "ref_id"])
        .$if(from !== undefined, (q) =>
          q.where(sql<SqlBool>`(kind, ref_id) > (${from?.kind}, ${from?.ref_id})`),
        )
        .orderBy("kind")
        .orderBy("ref_id")
        .limit(BATCH)
        .execute();
      if (pending.length === 0) return written;
      after = pending.at(-1);
      empty ??=
        (await trx.selectFrom("search_documents").select("id").limit(1).executeTakeFirst()) === undefined;
      for (const kind of KINDS) {
        const ids = pending.filter((p) => p.kind === kind).map((p) => p.ref_id);
        if (ids.length === 0) continue;
        written += await rebuild(trx, kind, ids, knownWords, empty);
        await trx.deleteFrom("search_pending").where("kind", "=", kind).where("ref_id", "in", ids).execute();
      }
    }
  });
}

/**
 * Said (through linkVisibilityChanged) inside the transaction that is about to change whether
 * students see these addresses (normalised, as in `links.url`): the documents of the chapter links
 * using them are rebuilt now, `hidden` or not, so a Broken link is never a search result and the
 * engines' counts and pages stay exact with no look at link health while searching. A few
 * documents per address (its uses), against a lookup per result at query time.
 */
export async function linkShownChanged(db: Db, urls: readonly string[], hidden: boolean): Promise<number> {
  const shown = new Map(urls.map((url) => [url, hidden]));
  const knownWords = new Set<string>();
  let written = 0;
  for (const part of batches([...shown.keys()], BATCH)) {
    const uses = await db
      .selectFrom("link_uses")
      .innerJoin("links", "links.id", "link_uses.link_id")
      .select("link_uses.ref_id")
      .where("links.url", "in", part)
      .where("link_uses.kind", "=", "chapter-link")
      .execute();
    for (const ids of batches([...new Set(uses.map((u) => u.ref_id))], BATCH))
      written += await rebuild(db, "link", ids, knownWords, false, shown);
  }
  return written;
}

/** Whether documents wait to be rebuilt (cheap: one indexed row at most). */
export async function searchIndexPending(db: Db): Promise<boolean> {
  return (await db.selectFrom("search_pending").select("ref_id").limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Notes every chapter, link and post as to be (re)built (those already noted stay as they are): a
 * rebuild, and a restore that wrote its rows without the triggers that note them one by one.
 */
export function noteEveryDocument(trx: Db): Promise<void> {
  return queueEveryRow(trx, "search_pending", { chapter: "chapters", link: "chapter_links", post: "posts" });
}

/**
 * Empties the index and builds it again from every chapter, note, link and post, in one
 * transaction (writers wait for it; readers go on seeing the old index until it commits).
 */
export function rebuildSearchIndex(db: Db): Promise<{ documents: number }> {
  return transaction(db, async (trx) => {
    const engine = engineOf(trx);
    await engine.clear(trx);
    await trx.deleteFrom("search_pending").execute();
    await noteEveryDocument(trx);
    await updateSearchIndex(trx);
    await engine.optimize(trx);
    const row = await trx
      .selectFrom("search_documents")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return { documents: Number(row?.n ?? 0) };
  });
}
