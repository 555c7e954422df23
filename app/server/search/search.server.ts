import { type Expression, type SqlBool, sql } from "kysely";
import { htmlToText } from "#app/lib/html-text.ts";
import type { Database } from "#app/server/db.server.ts";
import { rebuildSearchIndex } from "#app/server/search/documents.server.ts";
import { engineOf } from "#app/server/search/engine.server.ts";
import {
  CANDIDATES,
  COMMON,
  type DocumentKind,
  type DocumentRef,
  type EngineQuery,
  type Filters,
  OTHER_CANDIDATES,
} from "#app/server/search/engine-types.server.ts";
import { highlight, snippet } from "#app/server/search/snippet.server.ts";
import { synonymsFor } from "#app/server/search/synonyms.server.ts";
import {
  MAX_COUNTED,
  MAX_SUGGESTIONS,
  RESULTS_PER_PAGE,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResults,
  type SnippetPart,
  type Suggestion,
} from "#app/server/search/types.ts";
import {
  cleanQuery,
  exactTitleTerm,
  hasPrefixes,
  type QueryTerm,
  type QueryWord,
  queryTerms,
  queryWords,
  similarity,
  slipsAllowed,
  slipsBetween,
  wholeWords,
} from "#app/server/search/words.server.ts";

// The one search interface (issue 13): the public /search page, the top bar's suggestions, the
// console's lists and "Searches" page call these; engine.server.ts picks SQLite's or PostgreSQL's
// backend. How documents are kept up to date: documents.server.ts and docs/decisions/0010-search.md.

export {
  recordSearch,
  type SearchReport,
  type SearchReportRow,
  searchReport,
} from "#app/server/search/searches.server.ts";
export {
  listSynonyms,
  parseSynonyms,
  type Synonym,
  saveSynonyms,
  synonymsText,
} from "#app/server/search/synonyms.server.ts";

const MAX_PER_PAGE = 100;
/** "Did you mean": how alike a word must be (pg_trgm's own default), and how many to offer. */
const NEAR_MATCH_SIMILARITY = 0.3;
const MAX_NEAR_MATCHES = 3;
const RUNNER_UP = 0.8;
/** When whole words find at least this many, words are not also matched by their beginnings. */
const ENOUGH_WHOLE_WORDS = RESULTS_PER_PAGE;
/** Suggestions must come fast: they rank fewer candidates. */
const SUGGESTION_CANDIDATES = 500;

const KIND_OF: Record<SearchKind, DocumentKind> = { chapters: "chapter", links: "link", posts: "post" };

/** Every word that marks a match in a snippet: the query's words and their synonyms'. */
const markedWords = (terms: readonly QueryTerm[]) => terms.flatMap((t) => t.alternatives.flat());

/** The query's terms, with the synonyms admins gave its words. */
async function termsOf(db: Database, q: string): Promise<QueryTerm[]> {
  const cleaned = cleanQuery(q);
  return queryTerms(cleaned, await synonymsFor(db, queryWords(cleaned)));
}

function whole(value: number | undefined, fallback: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(1, Math.floor(value as number))) : fallback;
}

/**
 * One page of results for a student's query, best first (chapters, links and posts interleaved by
 * relevance; a chapter found by its notes is one result), with the count of all of them. Any text
 * is safe to pass: it is capped, and only its words reach the engine. When nothing matches,
 * `didYouMean` offers near queries that do find something.
 */
export async function search(db: Database, query: SearchQuery): Promise<SearchResults> {
  const perPage = whole(query.perPage, RESULTS_PER_PAGE, MAX_PER_PAGE);
  // Pages go as far as results are counted.
  const page = whole(query.page, 1, Math.ceil(MAX_COUNTED / perPage));
  const terms = await termsOf(db, query.q);
  const empty: SearchResults = { total: 0, page, perPage, hits: [], didYouMean: [] };
  if (terms.length === 0) return empty;
  const filters: Filters = {
    grade: Number.isInteger(query.grade) ? query.grade : undefined,
    subject: query.subject || undefined,
    kind: query.kind ? KIND_OF[query.kind] : undefined,
  };
  const offset = (page - 1) * perPage;
  const wanted = offset + perPage;
  // Words that alone match more than COMMON documents: they neither decide the order nor are
  // matched by their beginnings (engine-types.server.ts).
  const common = await engineOf(db).frequent(db, terms, COMMON);
  // Whole words first; the beginnings of longer words ("photosyn") only when whole words find
  // little: a common beginning ("lectur") would make the engine merge the lists of every word it
  // begins, and a student who typed a whole word that finds plenty meant that word (so a common
  // word stays whole: "topic 5" is not "topic"* and 5, a merge of a million documents' words).
  // The titles that are exactly the query are looked up meanwhile (side by side on PostgreSQL).
  const [wholeFound, exact] = await Promise.all([
    counted(db, { ...filters, terms: wholeWords(terms), common, limit: wanted, offset }),
    exactTitles(db, query.q, filters),
  ]);
  let found = wholeFound;
  const beginnings = terms.map((t) => (common.has(t.word) ? (wholeWords([t])[0] ?? t) : t));
  if (found.total < ENOUGH_WHOLE_WORDS && hasPrefixes(beginnings)) {
    const withBeginnings = await counted(db, {
      ...filters,
      terms: beginnings,
      common,
      limit: wanted,
      offset,
    });
    if (withBeginnings.total > found.total) found = withBeginnings;
  }
  if (found.total === 0) return { ...empty, didYouMean: await nearQueries(db, terms, filters) };
  const refs = await ranked(db, found, exact);
  // Beyond MAX_COUNTED, about how many (counting them all costs in proportion); pages go as far
  // as they are counted, so no page offered is empty.
  const capped = found.total > MAX_COUNTED;
  const estimate = capped ? await engineOf(db).estimate(db, found.query, MAX_COUNTED) : undefined;
  return {
    total: Math.min(found.total, MAX_COUNTED),
    ...(capped ? { totalCapped: true } : {}),
    ...(estimate !== undefined ? { about: roughly(estimate) } : {}),
    page,
    perPage,
    hits: await describeHits(db, refs, found.query.terms),
    didYouMean: [],
  };
}

/** An estimate as a student reads it: two significant digits (598,312 is about 600,000), over MAX_COUNTED. */
export function roughly(estimate: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, estimate))) - 1);
  return Math.max(MAX_COUNTED, Math.round(estimate / unit) * unit);
}

/** How many documents whose whole title is the query are put first, at most. */
const EXACT_TITLES = 10;

/**
 * Chapters and posts whose title is exactly what was typed, in the engine's order: they come first
 * ("motion" lists "Motion" before "Laws of Motion"). One lookup of one word, however big the site.
 */
async function exactTitles(db: Database, q: string, filters: Filters): Promise<DocumentRef[]> {
  const term = exactTitleTerm(q);
  if (!term) return [];
  return engineOf(db).rank(
    db,
    { ...filters, terms: [term], limit: EXACT_TITLES, offset: 0 },
    "titles",
    EXACT_TITLES,
  );
}

/**
 * How many documents match (up to MAX_COUNTED + 1), and the best title matches, asked of the
 * engine at once (`countAndRank`: PostgreSQL lets a dense query's title matches prove its count),
 * and, when they are fewer than the page needs, maybe the best of the others (`ranked`).
 */
async function counted(db: Database, query: EngineQuery) {
  const { total, best, others } = await engineOf(db).countAndRank(
    db,
    query,
    MAX_COUNTED,
    Math.max(CANDIDATES, query.limit),
    otherCandidates(query.limit),
  );
  return { query, total, best, others };
}

/** How many documents found anywhere are ranked for a page ending at `wanted`, besides those already had. */
const otherCandidates = (wanted: number) => Math.max(OTHER_CANDIDATES, wanted);

/**
 * The page's documents, best first: those whose titles and context hold every word come first
 * (`best`: ranked among the first CANDIDATES of them), then the others (ranked among the first
 * OTHER_CANDIDATES found anywhere), so that ranking costs the same whether a query matches ten
 * documents or half of them. A page past the candidates takes as many more as it needs.
 * `query.limit` is how many are wanted from the first (the page's end). The exact titles come
 * first. The others' ranking may have come with the count (`found.others`, for as many documents
 * before them as `best` holds): used when the exact titles add none.
 */
async function ranked(
  db: Database,
  found: Awaited<ReturnType<typeof counted>>,
  exact: DocumentRef[],
): Promise<DocumentRef[]> {
  const { query, total, best } = found;
  const wanted = query.limit;
  const pageSize = wanted - query.offset;
  // An exact title may be among the best too: each document once, where it first comes.
  const seen = new Set<string>();
  let refs = [...exact, ...best].filter(
    (r) => !seen.has(`${r.kind}:${r.refId}`) && seen.add(`${r.kind}:${r.refId}`),
  );
  if (refs.length < wanted && refs.length < total) {
    const others =
      found.others && refs.length === best.length
        ? found.others
        : await engineOf(db).rank(
            db,
            { ...query, limit: wanted + refs.length },
            "anywhere",
            otherCandidates(wanted) + refs.length,
          );
    refs = [...refs, ...others.filter((r) => !seen.has(`${r.kind}:${r.refId}`))];
  }
  return refs.slice(query.offset, query.offset + pageSize);
}

/**
 * At most 8 chapters, posts and links whose titles match what is typed so far (every word, each
 * also by its beginning), each going straight to its page. Meant for two characters or more.
 */
export async function suggest(db: Database, q: string): Promise<Suggestion[]> {
  const terms = await termsOf(db, q);
  // A last letter on its own is a word still being typed: the words before it decide.
  const typed = terms.length > 1 ? terms.filter((t) => Array.from(t.word).length >= 2) : terms;
  if (typed.length === 0 || cleanQuery(q).length < 2) return [];
  // Titles only; links (ten to a chapter) come after chapters and posts at equal words.
  const refs = await engineOf(db).rank(
    db,
    { terms: typed, limit: MAX_SUGGESTIONS * 3, offset: 0 },
    "title",
    SUGGESTION_CANDIDATES,
  );
  const hits = await describeHits(db, refs, typed, { snippets: false });
  const seen = new Set<string>();
  const suggestions: Suggestion[] = [];
  for (const hit of hits) {
    // Ten links of one chapter lead to one page: offer it once.
    if (seen.has(hit.href) || suggestions.length >= MAX_SUGGESTIONS) continue;
    seen.add(hit.href);
    suggestions.push({ kind: hit.kind, title: hit.title, href: hit.href, context: suggestionContext(hit) });
  }
  return suggestions;
}

function suggestionContext(hit: SearchHit): string {
  const where = hit.grade ? `Class ${hit.grade}${hit.subjectLabel ? ` · ${hit.subjectLabel}` : ""}` : "";
  if (hit.kind === "post") return "Blog post";
  if (hit.kind === "link") return `Link in ${hit.chapterTitle ?? "a chapter"}${where ? ` · ${where}` : ""}`;
  return where;
}

/** Empties the index and builds it again from all content (`npm run content -- reindex`). */
export function reindex(db: Database): Promise<{ documents: number }> {
  return rebuildSearchIndex(db);
}

/**
 * Runs `work` (a restore's writes and its contentChanged, which indexes them) with the index built
 * the fastest way for a load into an empty site (PostgreSQL: GIN indexes made once, at the end).
 */
export function indexInBulk<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return engineOf(db).inBulk(db, work);
}

/** Bytes the search index takes (documents, full-text index, near-match vocabulary). */
export function searchIndexBytes(db: Database): Promise<number> {
  return engineOf(db).indexBytes(db);
}

/**
 * The console lists' "Search" box: a where-clause saying that `column` (holding ids of `kind`:
 * `chapters.id`, `posts.id`, `chapter_links.id`, or `notes.chapter_id`) is the id of one whose text
 * matches every word of `q`, each also by its beginning. Drafts and everything not public are
 * found too. Chapters are found by title, subject, class and the text, SEO description and keywords
 * of their notes; posts by title, excerpt, body, tag, category and keywords; links by title, site
 * and kind. Manage Notes passes `notes.chapter_id`: the notes of the chapters found.
 *
 *   db.selectFrom("posts").where(consoleMatch(db, "post", "posts.id", q))
 *
 * It composes with the list's other filters, count and order (no ids are fetched first). A `q`
 * without any letter or digit matches nothing; leave the list unfiltered for a blank one.
 */
export function consoleMatch(
  db: Database,
  kind: DocumentKind,
  column: string,
  q: string,
): Expression<SqlBool> {
  const found = consoleMatching(db, kind, q);
  return found ? sql<SqlBool>`${sql.ref(column)} in (${found})` : sql<SqlBool>`1 = 0`;
}

/**
 * What `consoleMatch` looks for, as a select of the matching items' ids (`ref_id`), to join
 * where a list needs only some of them (Link health's broad searches); undefined for a `q`
 * without any letter or digit, which matches nothing.
 */
export function consoleMatching(db: Database, kind: DocumentKind, q: string) {
  const terms = queryTerms(cleanQuery(q));
  return terms.length === 0 ? undefined : engineOf(db).matching(kind, terms);
}

/**
 * `consoleMatching` for a read that keeps its first `wanted` matches only, in the order the index
 * gives them (Link health's title part): the same documents, read the cheaper way for the query
 * (on PostgreSQL a dense query's first blocks in order, docs/decisions/0040).
 */
export async function consoleMatchingFirst(db: Database, kind: DocumentKind, q: string, wanted: number) {
  const terms = queryTerms(cleanQuery(q));
  return terms.length === 0 ? undefined : engineOf(db).matchingFirst(db, kind, terms, wanted);
}

/**
 * What `consoleMatching` finds, as a test of one row's words (a column of search's words between
 * spaces, as linkUseWords writes them): every term by one of its alternatives, each word whole or
 * (typed) as the beginning of a word. For a list read in its own order and tested row by row, where
 * a full-text search per row would be far dearer (Link health's broad searches, decision 0038).
 * Words hold letters, digits and marks only, so a LIKE pattern of them needs no escaping.
 */
export function consoleWordsTest(column: string, q: string): Expression<SqlBool> | undefined {
  const terms = queryTerms(cleanQuery(q));
  if (terms.length === 0) return undefined;
  const holds = (word: QueryWord) =>
    sql<SqlBool>`${sql.ref(column)} like ${word.prefix ? `% ${word.text}%` : `% ${word.text} %`}`;
  const any = (list: Expression<SqlBool>[], joint: string) =>
    sql<SqlBool>`(${sql.join(list, sql.raw(joint))})`;
  return any(
    terms.map((term) =>
      any(
        term.alternatives.map((words) => any(words.map(holds), " and ")),
        " or ",
      ),
    ),
    " and ",
  );
}

/**
 * Near queries for one that found nothing: each word the index does not know is replaced by the
 * known title word fewest typing slips away, else the most like it (trigram similarity), and each
 * candidate is kept only if it finds something with the same filters.
 */
async function nearQueries(db: Database, terms: readonly QueryTerm[], filters: Filters): Promise<string[]> {
  const engine = engineOf(db);
  const known = new Set(
    (
      await db
        .selectFrom("search_words")
        .select("word")
        .where(
          "word",
          "in",
          terms.map((t) => t.word),
        )
        .execute()
    ).map((r) => r.word),
  );
  // Each word's candidates at once (side by side on PostgreSQL).
  const choices = await Promise.all(
    terms.map(async (term) => {
      if (known.has(term.word)) return [term.word];
      const allowed = slipsAllowed(term.word);
      const ranked = (await engine.nearWords(db, term.word, 30))
        .filter((word) => word !== term.word)
        .map((word) => ({ word, score: similarity(term.word, word), slips: slipsBetween(term.word, word) }))
        .sort((a, b) => b.score - a.score || a.word.length - b.word.length || a.word.localeCompare(b.word));
      // A word a slip or two away is what was meant ("motoin": "motion"), the fewest slips first...
      const slipped = ranked.filter((c) => c.slips <= allowed).sort((a, b) => a.slips - b.slips);
      const fewest = slipped[0]?.slips;
      // ...else the most alike, others only when nearly as close ("electrochemestry" is not "electric").
      const alike = ranked.filter((c) => c.score >= NEAR_MATCH_SIMILARITY);
      const best = alike[0]?.score ?? 0;
      const near = (
        fewest === undefined
          ? alike.filter((c) => c.score >= best * RUNNER_UP)
          : slipped.filter((c) => c.slips === fewest)
      )
        .slice(0, MAX_NEAR_MATCHES)
        .map((c) => c.word);
      return near.length > 0 ? near : [term.word];
    }),
  );
  // The best of each word, then the next best for the first word that had several.
  const queries = [choices.map((c) => c[0] as string)];
  const varied = choices.findIndex((c) => c.length > 1);
  for (const alternative of varied >= 0 ? (choices[varied] ?? []).slice(1) : []) {
    queries.push(choices.map((c, i) => (i === varied ? alternative : (c[0] as string))));
  }
  const texts = [...new Set(queries.map((words) => words.join(" ")))].filter(
    (text) => text !== terms.map((t) => t.word).join(" "),
  );
  const finds = await Promise.all(
    texts.map((text) => engine.count(db, { ...filters, terms: queryTerms(text), limit: 0, offset: 0 }, 0)),
  );
  return texts.filter((_, i) => (finds[i] ?? 0) > 0);
}

/** Host of an outside address, without "www.". */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** The first of `texts` with a match, as a snippet; else the first non-empty one's beginning. */
function bestSnippet(texts: readonly string[], words: readonly QueryWord[]): SnippetPart[] {
  let first: SnippetPart[] = [];
  for (const text of texts) {
    const parts = snippet(text, words);
    if (parts.some((p) => p.mark)) return parts;
    if (first.length === 0) first = parts;
  }
  return first;
}

type Described = Array<[key: string, hit: SearchHit]>;

async function describeChapters(
  db: Database,
  ids: number[],
  words: QueryWord[],
  snippets: boolean,
): Promise<Described> {
  if (ids.length === 0) return [];
  const [chapters, notes] = await Promise.all([
    db
      .selectFrom("chapters")
      .innerJoin("subjects", (j) =>
        j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
      )
      .select([
        "chapters.id",
        "chapters.title",
        "chapters.slug",
        "chapters.grade",
        "chapters.subject_code",
        "subjects.label",
      ])
      .where("chapters.id", "in", ids)
      .execute(),
    snippets
      ? db
          .selectFrom("notes")
          .select(["chapter_id", "content"])
          .where("chapter_id", "in", ids)
          .orderBy("id")
          .execute()
      : [],
  ]);
  const notesOf = Map.groupBy(notes, (n) => n.chapter_id);
  return chapters.map((c) => [
    `chapter:${c.id}`,
    {
      kind: "chapter",
      title: c.title,
      titleParts: highlight(c.title, words),
      href: `/class/${c.grade}/chapter/${c.slug}`,
      grade: c.grade,
      subjectCode: c.subject_code,
      subjectLabel: c.label,
      snippet: snippets
        ? bestSnippet(
            (notesOf.get(c.id) ?? []).map((n) => htmlToText(n.content)),
            words,
          )
        : [],
    },
  ]);
}

async function describeLinks(
  db: Database,
  ids: number[],
  words: QueryWord[],
  snippets: boolean,
): Promise<Described> {
  if (ids.length === 0) return [];
  const links = await db
    .selectFrom("chapter_links")
    .innerJoin("chapters", "chapters.id", "chapter_links.chapter_id")
    .innerJoin("subjects", (j) =>
      j.onRef("subjects.grade", "=", "chapters.grade").onRef("subjects.code", "=", "chapters.subject_code"),
    )
    .select([
      "chapter_links.id",
      "chapter_links.title",
      "chapter_links.url",
      "chapters.title as chapter_title",
      "chapters.slug",
      "chapters.grade",
      "chapters.subject_code",
      "subjects.label",
    ])
    .where("chapter_links.id", "in", ids)
    .execute();
  return links.map((l) => [
    `link:${l.id}`,
    {
      kind: "link",
      title: l.title,
      titleParts: highlight(l.title, words),
      href: `/class/${l.grade}/chapter/${l.slug}`,
      grade: l.grade,
      subjectCode: l.subject_code,
      subjectLabel: l.label,
      chapterTitle: l.chapter_title,
      url: l.url,
      snippet: snippets ? highlight(`${l.chapter_title} · ${hostOf(l.url)}`, words) : [],
    },
  ]);
}

async function describePosts(
  db: Database,
  ids: number[],
  words: QueryWord[],
  snippets: boolean,
): Promise<Described> {
  if (ids.length === 0) return [];
  const posts = await db
    .selectFrom("posts")
    .select(["id", "title", "slug", "excerpt"])
    .$if(snippets, (qb) => qb.select("content"))
    .where("id", "in", ids)
    .execute();
  return posts.map((p) => [
    `post:${p.id}`,
    {
      kind: "post",
      title: p.title,
      titleParts: highlight(p.title, words),
      href: `/blog/${p.slug}`,
      snippet: snippets ? bestSnippet([p.excerpt, htmlToText(p.content ?? "")], words) : [],
    },
  ]);
}

/** The results as students see them, in the order found; rows deleted meanwhile are left out. */
async function describeHits(
  db: Database,
  refs: readonly DocumentRef[],
  terms: readonly QueryTerm[],
  options: { snippets: boolean } = { snippets: true },
): Promise<SearchHit[]> {
  const ids = (kind: DocumentKind) => refs.filter((r) => r.kind === kind).map((r) => r.refId);
  const words = markedWords(terms);
  // Each kind's rows at once (side by side on PostgreSQL).
  const described = new Map(
    (
      await Promise.all([
        describeChapters(db, ids("chapter"), words, options.snippets),
        describeLinks(db, ids("link"), words, options.snippets),
        describePosts(db, ids("post"), words, options.snippets),
      ])
    ).flat(),
  );
  return refs.flatMap((r) => described.get(`${r.kind}:${r.refId}`) ?? []);
}
