import type { MetaDescriptor } from "react-router";
import { HREFLANG, inLang, type Lang, OG_LOCALE } from "#app/lib/language.ts";

export type Site = { siteName: string; siteUrl: string };

export type PageSeo = {
  /**
   * Path of the page in English, e.g. "/class/10": the canonical URL is SITE_URL + the path in the
   * page's language (`/hi/class/10` in Hindi), and both languages are its alternates.
   */
  path: string;
  /** The page's language (default English). */
  lang?: Lang;
  /** The page's own words: pageTitle() adds the site's name. */
  title: string;
  /** The title exactly as given, without the site's name (the chapter page's, as the spec words it). */
  exactTitle?: boolean;
  description: string;
  keywords?: string[];
  /**
   * The picture link previews show: a path or address, or a large one with its size and alt text
   * (a chapter's share card, 1200 × 630: previews then show it wide); default /favicon.ico.
   */
  image?: string | { path: string; width: number; height: number; alt: string };
  type?: "website" | "article";
  /** schema.org objects, each rendered as one JSON-LD block. */
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
};

/** The site's name and origin from the root loader, for `meta` functions. */
export function siteFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): Site {
  const root = matches.find((m) => m?.id === "root")?.loaderData as Partial<Site> | undefined;
  return { siteName: root?.siteName ?? "ChapterWise", siteUrl: root?.siteUrl ?? "" };
}

/** A site path or an address as given; a path's non-ASCII letters (a Devanagari slug) percent-encoded. */
export function absoluteUrl(site: Site, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.replace(/[^\p{ASCII}]+/gu, encodeURIComponent);
  return `${site.siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Every page title reads the site's name one way: "Class 10 Resources | ChapterWise". */
export function pageTitle(site: Pick<Site, "siteName">, title: string): string {
  return `${title} | ${site.siteName}`;
}

/** Every page's search-engine tags: title, description, canonical, Open Graph, Twitter, robots, JSON-LD. */
export function seoMeta(site: Site, page: PageSeo): MetaDescriptor[] {
  const lang = page.lang ?? "en";
  const url = absoluteUrl(site, inLang(lang, page.path));
  const picture = typeof page.image === "object" ? page.image : null;
  const image = absoluteUrl(
    site,
    (typeof page.image === "object" ? page.image.path : page.image) || "/favicon.ico",
  );
  const title = page.exactTitle ? page.title : pageTitle(site, page.title);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    // The same page in each language; English is the one for everyone else (docs/decisions/0030).
    ...(["en", "hi"] as const).map((other) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: HREFLANG[other],
      href: absoluteUrl(site, inLang(other, page.path)),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(site, inLang("en", page.path)),
    },
    { name: "robots", content: page.noindex ? "noindex, follow" : "index, follow" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: OG_LOCALE[lang] },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(picture
      ? [
          { property: "og:image:width", content: String(picture.width) },
          { property: "og:image:height", content: String(picture.height) },
          { property: "og:image:alt", content: picture.alt },
        ]
      : []),
    { name: "twitter:card", content: picture ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.keywords && page.keywords.length > 0)
    tags.push({ name: "keywords", content: page.keywords.join(", ") });
  for (const block of page.jsonLd ?? [])
    tags.push({ "script:ld+json": { "@context": "https://schema.org", ...block } });
  return tags;
}

/** schema.org BreadcrumbList for a trail of [name, English path] pairs, in the page's language. */
export function breadcrumbs(
  site: Site,
  trail: Array<[string, string]>,
  lang: Lang = "en",
): Record<string, unknown> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absoluteUrl(site, inLang(lang, path)),
    })),
  };
}

/** schema.org WebSite for the home page, with the site search search engines may offer (`/search?q=`). */
export function webSite(site: Site, lang: Lang = "en"): Record<string, unknown> {
  return {
    "@type": "WebSite",
    name: site.siteName,
    url: absoluteUrl(site, inLang(lang, "/")),
    inLanguage: HREFLANG[lang],
    potentialAction: {
      "@type": "SearchAction",
      target: `${absoluteUrl(site, inLang(lang, "/search"))}?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}
