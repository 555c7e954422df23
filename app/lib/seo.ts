import type { MetaDescriptor } from "react-router";

export type Site = { siteName: string; siteUrl: string };

export type PageSeo = {
  /** Path of the page, e.g. "/class/10": the canonical URL is SITE_URL + path. */
  path: string;
  /** The page's own words: pageTitle() adds the site's name. */
  title: string;
  /** The title exactly as given, without the site's name (the chapter page's, as the spec words it). */
  exactTitle?: boolean;
  description: string;
  keywords?: string[];
  /** Absolute or site-relative image for link previews; default /favicon.ico. */
  image?: string;
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
  const url = absoluteUrl(site, page.path);
  const image = absoluteUrl(site, page.image || "/favicon.ico");
  const title = page.exactTitle ? page.title : pageTitle(site, page.title);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { name: "robots", content: page.noindex ? "noindex, follow" : "index, follow" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "en_IN" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary" },
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

/** schema.org BreadcrumbList for a trail of [name, path] pairs. */
export function breadcrumbs(site: Site, trail: Array<[string, string]>): Record<string, unknown> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absoluteUrl(site, path),
    })),
  };
}

/** schema.org WebSite for the home page, with the site search search engines may offer (`/search?q=`). */
export function webSite(site: Site): Record<string, unknown> {
  return {
    "@type": "WebSite",
    name: site.siteName,
    url: absoluteUrl(site, "/"),
    inLanguage: "en-IN",
    potentialAction: {
      "@type": "SearchAction",
      target: `${absoluteUrl(site, "/search")}?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}
