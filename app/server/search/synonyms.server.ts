import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { words } from "#app/server/search/words.server.ts";

// The synonym table admins edit (console, later): a word of a query is also found as each of its
// alternatives, e.g. `prakash → प्रकाश, light` or `trigno → trigonometry`. One direction only:
// "light" does not bring up "prakash" unless that is written too.

export type Synonym = { term: string; alternatives: string[] };

export const MAX_SYNONYMS = 500;
export const MAX_ALTERNATIVES = 10;
export const MAX_ALTERNATIVE_LENGTH = 100;

/** The table, A to Z, as stored: each term as search compares words (lower case, no accents). */
export async function listSynonyms(db: Database): Promise<Synonym[]> {
  const rows = await db.selectFrom("search_synonyms").selectAll().orderBy("term").execute();
  return rows.map((r) => ({ term: r.term, alternatives: readList(r.alternatives) }));
}

function readList(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** The alternatives of those of `queryWords` that have any (what queryTerms() needs). */
export async function synonymsFor(
  db: Database,
  queryWords: readonly string[],
): Promise<Map<string, string[]>> {
  if (queryWords.length === 0) return new Map();
  const rows = await db
    .selectFrom("search_synonyms")
    .selectAll()
    .where("term", "in", [...queryWords])
    .execute();
  return new Map(rows.map((r) => [r.term, readList(r.alternatives)]));
}

/** One line per term, the way an admin writes them: `prakash → प्रकाश, light`. */
export function synonymsText(list: readonly Synonym[]): string {
  return list.map((s) => `${s.term} → ${s.alternatives.join(", ")}`).join("\n");
}

/**
 * Reads the admin's lines (`term → a, b`; `->` or `=` also separate): the synonyms, and a problem
 * per bad line naming its line number. Blank lines are skipped.
 */
export function parseSynonyms(text: string): { synonyms: Synonym[]; problems: string[] } {
  const synonyms: Synonym[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const at = `Line ${i + 1}`;
    const match = /^(.*?)(?:→|->|=)(.*)$/.exec(line);
    if (!match) {
      problems.push(
        `${at}: write the word, then → (or ->), then what it is also found as, e.g. "trigno → trigonometry".`,
      );
      return;
    }
    const termWords = words(match[1] ?? "");
    if (termWords.length !== 1) {
      problems.push(`${at}: put exactly one word before the arrow.`);
      return;
    }
    const term = termWords[0] as string;
    const alternatives = [
      ...new Set(
        (match[2] ?? "")
          .split(",")
          .map((a) => a.trim().replace(/\s+/g, " "))
          .filter(Boolean),
      ),
    ];
    const problem = alternativesProblem(alternatives);
    if (problem) problems.push(`${at}: ${problem}`);
    else if (seen.has(term)) problems.push(`${at}: "${term}" is already on line ${seen.get(term)}.`);
    else {
      seen.set(term, i + 1);
      synonyms.push({ term, alternatives });
    }
  });
  if (synonyms.length > MAX_SYNONYMS) problems.push(`At most ${MAX_SYNONYMS} words can have synonyms.`);
  return { synonyms, problems };
}

function alternativesProblem(alternatives: readonly string[]): string | null {
  if (alternatives.length === 0) return "after the arrow, give at least one word it is also found as.";
  if (alternatives.length > MAX_ALTERNATIVES) return `at most ${MAX_ALTERNATIVES} alternatives a word.`;
  if (alternatives.some((a) => a.length > MAX_ALTERNATIVE_LENGTH))
    return `each alternative at most ${MAX_ALTERNATIVE_LENGTH} characters.`;
  if (alternatives.some((a) => words(a).length === 0)) return "each alternative needs a letter or digit.";
  return null;
}

/** Replaces the whole table, in one transaction; refused whole (DomainError) when any entry is wrong. */
export async function saveSynonyms(db: Database, list: readonly Synonym[]): Promise<void> {
  // Checked the same way as typed lines, whatever the caller built.
  const { synonyms, problems } = parseSynonyms(synonymsText(list));
  if (list.some((s) => s.alternatives.some((a) => /,|\n/.test(a))))
    problems.push("An alternative cannot contain a comma or a line break.");
  if (problems.length > 0) throw new DomainError(`Synonyms were not saved. ${problems.join(" ")}`);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("search_synonyms").execute();
    if (synonyms.length > 0) {
      await trx
        .insertInto("search_synonyms")
        .values(synonyms.map((s) => ({ term: s.term, alternatives: JSON.stringify(s.alternatives) })))
        .execute();
    }
    // Search pages others may have stored now find more, or less.
    await contentChanged(trx);
  });
}
