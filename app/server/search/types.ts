/**
 * The one search interface (issue 13). The public `/search` page, the top bar's suggestions and the
 * console lists all call these functions of `search.server.ts`; a backend per engine
 * (`sqlite.server.ts`, `postgres.server.ts`) does the work. Types only here, so components may import them.
 */

import type { SearchKind } from "#app/lib/search-query.ts";

// The query's rules are the page's too (app/lib), so they are defined there and named here.
export { MAX_QUERY_LENGTH, type SearchKind } from "#app/lib/search-query.ts";

export type SearchQuery = {
  /** What the student typed; capped at MAX_QUERY_LENGTH and made safe by the module, never trusted. */
  q: string;
  grade?: number;
  /** A subject code of `grade` (or of any class when no grade is given). */
  subject?: string;
  kind?: SearchKind;
  /** 1-based. */
  page?: number;
  /** Defaults to RESULTS_PER_PAGE. */
  perPage?: number;
};

/** A piece of a snippet: plain text (React escapes it) or a matching word to be marked. */
export type SnippetPart = { text: string; mark: boolean };

export type SearchHit = {
  kind: "chapter" | "link" | "post";
  /** Chapter title, link title or post title. */
  title: string;
  /** The title again, with the words matching the query marked (optional to show). */
  titleParts?: SnippetPart[];
  /** Where the result goes on our site: a chapter page, or `/blog/SLUG`. A link result goes to its chapter page. */
  href: string;
  grade?: number;
  subjectCode?: string;
  subjectLabel?: string;
  /** For a link result: the chapter it belongs to. */
  chapterTitle?: string;
  /** For a link result: the outside address (shown, not followed). */
  url?: string;
  snippet: SnippetPart[];
  /** A chapter's syllabus badge in the current session (`Not in 2026-27 syllabus`), added by the page. */
  badge?: string;
  badgeStatus?: "in" | "new" | "out";
};

export type SearchResults = {
  /** How many results; counted up to MAX_COUNTED (see `totalCapped`). */
  total: number;
  /**
   * More than MAX_COUNTED results match: `total` is MAX_COUNTED (pages go that far), and `about`
   * says about how many there are.
   * (Counting every match of a very common word costs in proportion on PostgreSQL.)
   */
  totalCapped?: boolean;
  /**
   * With `totalCapped`: about how many match in all (an estimate, two significant digits, never
   * under MAX_COUNTED), said "About 600,000 results". Counting every match would cost in proportion.
   */
  about?: number;
  page: number;
  perPage: number;
  hits: SearchHit[];
  /** Near matches from the trigram index when nothing matched ("Did you mean ...?"); otherwise empty. */
  didYouMean: string[];
};

/** At most 8 suggestions under the top bar's box, each going straight to its page. */
export type Suggestion = { kind: SearchHit["kind"]; title: string; href: string; context: string };

export const RESULTS_PER_PAGE = 20;
export const MAX_SUGGESTIONS = 8;
/** Results are counted up to this many; pages go as far as it does. */
export const MAX_COUNTED = 1000;
