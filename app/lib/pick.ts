/** One choice of a search-as-you-type picker (app/components/admin/search-picker.tsx). */
export type PickOption = {
  /** What the form posts: a chapter id, a post slug. */
  value: string;
  label: string;
  /** A second line that tells apart choices of the same name: "Class 10 · Mathematics", "Draft". */
  detail?: string;
};

/** A picker shows at most this many matches: the admin types more to narrow them. */
export const MAX_PICK_RESULTS = 20;
/** Longest search text a picker takes; longer input is cut. */
export const MAX_PICK_QUERY = 100;

/** The `q` of a picker request, trimmed and cut to length (any text is a fine query). */
export function pickQuery(params: URLSearchParams, name = "q"): string {
  return (params.get(name) ?? "").trim().slice(0, MAX_PICK_QUERY);
}
