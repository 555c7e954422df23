import type { DocumentKind, Filters } from "#app/server/search/engine-types.server.ts";

/**
 * Facets: filters as words of the document, so that the engine's index counts "public, class 10,
 * physics" with the query itself, without reading documents. Each engine keeps them where a
 * query's words cannot reach them. Documents students may not see are marked HIDDEN (they are
 * few: a query excludes them at little cost, where requiring a word every document has would make
 * the engine read that word's whole list).
 */
export function facetsOf(doc: {
  public: boolean;
  grade: number | null;
  subject: string | null;
  kind: DocumentKind;
}) {
  return [
    ...(doc.public ? [] : [HIDDEN_FACET]),
    ...(doc.grade !== null ? [gradeFacet(doc.grade)] : []),
    ...(doc.subject !== null ? [subjectFacet(doc.subject)] : []),
    kindFacet(doc.kind),
  ];
}

export const HIDDEN_FACET = "hidden";
export const gradeFacet = (grade: number) => `g${grade}`;
/** Subject codes have hyphens: hex keeps each one word. */
export const subjectFacet = (code: string) => `s${Buffer.from(code).toString("hex")}`;
export const kindFacet = (kind: DocumentKind) => `k${kind}`;

/** The facets a student's filters require (besides not being HIDDEN). */
export function requiredFacets(filters: Filters): string[] {
  return [
    ...(filters.grade !== undefined ? [gradeFacet(filters.grade)] : []),
    ...(filters.subject !== undefined ? [subjectFacet(filters.subject)] : []),
    ...(filters.kind !== undefined ? [kindFacet(filters.kind)] : []),
  ];
}
