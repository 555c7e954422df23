import { Link } from "react-router";
import { useFrameCopy } from "#app/components/site/frame-copy.tsx";
import { HTML_LANG } from "#app/lib/language.ts";

/**
 * "हिन्दी" on an English page, "English" on a Hindi one: the same page in the other language,
 * its query kept (`to`, made by the layout from the address). Named in the language it leads to,
 * and marked so (`lang`, `hrefLang`), so a screen reader says it in that language.
 */
export function LanguageSwitch({ to, className }: { to: string; className: string }) {
  const { languageSwitch } = useFrameCopy();
  const lang = HTML_LANG[languageSwitch.lang];
  return (
    <Link to={to} lang={lang} hrefLang={lang} className={className}>
      {languageSwitch.label}
    </Link>
  );
}
