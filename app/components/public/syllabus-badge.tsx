// The syllabus badges of the public pages (DESIGN.md 8.1): plain HTML and CSS, no script.

const BADGE_STYLE = {
  out: "border-amber-300 bg-amber-50 text-amber-900",
  new: "border-green-300 bg-green-50 text-green-800",
} as const;

/** The badge's classes for a status (the class page's cards write the badge as HTML: chapter-cards.tsx). */
export function syllabusBadgeClass(status?: string): string {
  const style = status === "new" ? BADGE_STYLE.new : BADGE_STYLE.out;
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${style}`;
}

/** "Not in 2026-27 syllabus" or "New in 2026-27"; nothing for a chapter in the syllabus. */
export function SyllabusBadge({ badge, status }: { badge?: string | null; status?: string }) {
  if (!badge) return null;
  return <span className={syllabusBadgeClass(status)}>{badge}</span>;
}
