import { htmlToText } from "#app/lib/html-text.ts";
import { readKeywords } from "#app/lib/keywords.ts";
import { linkMetaOfRow, linkMetaWords } from "#app/lib/link-types.ts";
import type { IndexedDocument } from "#app/server/search/engine-types.server.ts";
import { facetsOf } from "#app/server/search/facets.server.ts";
import { indexedSounds } from "#app/server/search/sounds.server.ts";
import { exactTitleWord, words } from "#app/server/search/words.server.ts";

// What a search document is made of (docs/decisions/0010-search.md): its words by weight and its
// facets, from its rows as read (documents.server.ts reads them and keeps the index in step). Pure,
// and importing no database code: a bulk load makes documents on a worker thread with it too
// (document-pool.server.ts).

/** A note of a chapter, as read for the chapter's document. */
export type NoteSource = { html: string; seoDescription: string; seoKeywords: string };

/** What a document is made from, as read from its tables. */
export type Source =
  | {
      kind: "chapter";
      id: number;
      title: string;
      grade: number;
      subjectCode: string;
      subjectLabel: string;
      notes: NoteSource[];
    }
  | {
      kind: "link";
      id: number;
      chapterId: number;
      /** Its address normalised (normaliseLinkUrl), as Link health counts it; null when it has none. */
      normalUrl: string | null;
      grade: number;
      subjectCode: string;
      title: string;
      url: string;
      linkKind: string;
      /** Its type, language and year in words ("Sample paper Hindi 2025"): found by them too. */
      meta: string;
      /** Its address is Broken and nobody marked it fine: chapter pages leave it off. */
      hidden: boolean;
    }
  | {
      kind: "post";
      id: number;
      title: string;
      excerpt: string;
      html: string;
      tag: string;
      category: string;
      seoKeywords: string;
      status: string;
    };

/**
 * Whether students may find this document: the one rule, for every kind. Drafts are never found,
 * nor a link whose address chapter pages leave off (Broken, not marked fine: linkShownChanged
 * rebuilds its documents when that changes). Trash and scheduled posts add their conditions here
 * (and their columns to migration 0011's trigger lists, so that a change of them rebuilds the document).
 */
export function isPublic(source: Source): boolean {
  if (source.kind === "post") return source.status === "published";
  return source.kind === "link" ? !source.hidden : true;
}

/** The words a link of each list is also found by. */
const LINK_KIND_WORDS: Record<string, string> = {
  official: "official",
  notes: "notes",
  questions: "questions",
  lectures: "lectures video",
};

function host(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

const keywords = (stored: string) => readKeywords(stored).join(" ");

/** Words followed by the sounds of their Devanagari ones (sounds.server.ts), each once. */
function withSounds(found: string[]): string[] {
  const sounds = new Set(found.flatMap(indexedSounds));
  return sounds.size === 0 ? found : [...found, ...sounds];
}

/** Context words and the whole title as one word (chapters and posts: exactTitleWord in words.server.ts). */
function withWholeTitle(title: string, context: string[]): string[] {
  const whole = exactTitleWord(words(title));
  return whole ? [...context, whole] : context;
}

/** A chapter link as its document's words are made from it (a row of `chapter_links`). */
export type LinkWordsSource = {
  title: string;
  url: string;
  /** Its list: official, notes, questions or lectures. */
  kind: string;
  type: string | null;
  language: string | null;
  year: number | null;
};

/** A chapter link's document words: its title, and its site, list, type, language and year. */
function linkDocumentWords(
  source: Pick<LinkWordsSource, "title" | "url"> & { linkKind: string; meta: string },
): { title: string[]; context: string[] } {
  return {
    title: withSounds(words(source.title)),
    context: words(`${host(source.url)} ${LINK_KIND_WORDS[source.linkKind] ?? ""} ${source.meta}`),
  };
}

/**
 * Every word a chapter link's document holds, each once, between spaces (" motion video youtube "):
 * what Link health tests a link by, row by row, when a search is too broad for the index
 * (searchWordsTest in search.server.ts; docs/decisions/0038).
 */
export function linkUseWords(link: LinkWordsSource): string {
  const { title, context } = linkDocumentWords({
    title: link.title,
    url: link.url,
    linkKind: link.kind,
    meta: linkMetaWords(linkMetaOfRow(link)).join(" "),
  });
  return ` ${[...new Set([...title, ...context])].join(" ")} `;
}

/**
 * A chapter link's use, as Link health's inventory writes it (a row of `link_uses`), made from the
 * link's document: its words are linkUseWords', worked out once for both.
 */
export type ChapterLinkUse = { refId: number; chapterId: number; url: string; words: string };

export function linkUseOf(source: Source & { kind: "link" }, doc: IndexedDocument): ChapterLinkUse[] {
  if (!source.normalUrl) return [];
  const words = ` ${[...new Set([...doc.title, ...doc.context])].join(" ")} `;
  return [{ refId: source.id, chapterId: source.chapterId, url: source.normalUrl, words }];
}

/** A chapter's or post's title words and its context's (with the whole title as one word), sounds added. */
function titled(title: string, context: string): { title: string[]; context: string[] } {
  return { title: withSounds(words(title)), context: withWholeTitle(title, withSounds(words(context))) };
}

/** The document of a source: its words by weight, and its facets. */
export function documentOf(source: Source): IndexedDocument {
  const grade = source.kind === "post" ? null : source.grade;
  const subject = source.kind === "post" ? null : source.subjectCode;
  const facets = facetsOf({ public: isPublic(source), grade, subject, kind: source.kind });
  const base = { kind: source.kind, refId: source.id, grade, subjectCode: subject, facets };
  switch (source.kind) {
    case "chapter":
      return {
        ...base,
        ...titled(
          source.title,
          [
            `${source.subjectLabel} class ${source.grade}`,
            ...source.notes.map((n) => `${n.seoDescription} ${keywords(n.seoKeywords)}`),
          ].join(" "),
        ),
        body: withSounds(source.notes.flatMap((n) => words(htmlToText(n.html)))),
      };
    case "link":
      return { ...base, ...linkDocumentWords(source), body: [] };
    case "post":
      return {
        ...base,
        ...titled(
          source.title,
          `${source.excerpt} ${source.tag} ${source.category} ${keywords(source.seoKeywords)}`,
        ),
        body: withSounds(words(htmlToText(source.html))),
      };
  }
}

/** Words worth offering as "Did you mean": those of titles, subjects and tags, 3 letters or more. */
export function vocabularyOf(source: Source): string[] {
  const text =
    source.kind === "chapter"
      ? `${source.title} ${source.subjectLabel}`
      : source.kind === "link"
        ? source.title
        : `${source.title} ${source.tag} ${source.category}`;
  return words(text).filter((w) => Array.from(w).length >= 3 && !/^\d+$/.test(w));
}
