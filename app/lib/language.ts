// The public site's two languages (docs/decisions/0030): every public page is English at its
// address and Hindi at /hi plus that address. Content (titles, notes, posts, links) is shown as
// its authors wrote it in both; only the interface's words change.

export type Lang = "en" | "hi";

/** `<html lang>` of a page in each language. */
export const HTML_LANG: Record<Lang, string> = { en: "en-IN", hi: "hi" };

/** The `hreflang` of each language's pages (and the sitemap's alternates). */
export const HREFLANG: Record<Lang, string> = { en: "en-IN", hi: "hi-IN" };

/** Open Graph's `og:locale` of each language. */
export const OG_LOCALE: Record<Lang, string> = { en: "en_IN", hi: "hi_IN" };

/** The link to the same page in the other language: its name, written in that language. */
export const SWITCH_LABEL: Record<Lang, string> = { en: "English", hi: "हिन्दी" };

const HINDI_PREFIX = "/hi";

/** The language of a public address: `/hi` and everything below it is Hindi (any case). */
export function langOfPath(pathname: string): Lang {
  const lower = pathname.toLowerCase();
  return lower === HINDI_PREFIX || lower.startsWith(`${HINDI_PREFIX}/`) ? "hi" : "en";
}

/** An address without its language: `/hi/class/10?x=1` → `/class/10?x=1`, `/hi` → `/`. */
export function withoutLang(address: string): string {
  if (langOfPath(address.split(/[?#]/, 1)[0] ?? "") !== "hi") return address;
  const rest = address.slice(HINDI_PREFIX.length);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/**
 * A site address in `lang`: `/class/10` in Hindi is `/hi/class/10`, `/` is `/hi`; an address
 * already in either language is moved to `lang`, its query and fragment kept. Always a path of this
 * site: slashes and backslashes at its start are one slash, so an address asked as `/hi//evil.com`
 * never becomes a link to another host (`//evil.com`).
 */
export function inLang(lang: Lang, address: string): string {
  const bare = `/${withoutLang(address).replace(/^[/\\]+/, "")}`;
  if (lang === "en") return bare;
  if (bare === "/" || bare.startsWith("/?") || bare.startsWith("/#"))
    return `${HINDI_PREFIX}${bare.slice(1)}`;
  return `${HINDI_PREFIX}${bare}`;
}

/** The other language: where the switch in the top bar leads. */
export function otherLang(lang: Lang): Lang {
  return lang === "hi" ? "en" : "hi";
}
