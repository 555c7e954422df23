import { useRouteLoaderData } from "react-router";
import { withoutLang } from "#app/lib/language.ts";

export type SiteInfo = { siteName: string; siteUrl: string; appStoreUrl: string; appSiteUrl: string };

/** Name, origin and app links from the root loader (the configuration), for any public component. */
export function useSite(): SiteInfo {
  // The root loader (app/root.tsx) answers exactly a SiteInfo; named here so components never import a route.
  const data = useRouteLoaderData("root") as SiteInfo | undefined;
  return {
    siteName: data?.siteName ?? "ChapterWise",
    siteUrl: data?.siteUrl ?? "",
    appStoreUrl: data?.appStoreUrl ?? "/",
    appSiteUrl: data?.appSiteUrl ?? "/",
  };
}

/**
 * Where the visitor is, as the top bar and the mobile menu show it: the menu link that leads here
 * or above here (marked as the current page), and the dropdown holding this page. The same rule
 * as React Router's NavLink (case aside, "/" only for itself), written once here so the parts
 * that show it depend on this value alone and can be kept rendered (app/components/kept-part.tsx).
 */
export type NavState = { current: string | null; section: "classes" | "guides" | null };

const menuTargets = [
  "/",
  ...[9, 10, 11, 12].flatMap((grade) => [`/class/${grade}`, `/guide/${grade}`]),
  "/about",
  "/blog",
];

/** Where the visitor is, by English address: a Hindi page is where its English twin is. */
export function navState(pathname: string): NavState {
  const path = withoutLang(pathname.toLowerCase());
  const current = menuTargets.find((to) => path === to || (to !== "/" && path.startsWith(`${to}/`))) ?? null;
  const section = path.startsWith("/class/") ? "classes" : path.startsWith("/guide/") ? "guides" : null;
  return { current, section };
}

/**
 * What the top bar and the mobile menu show: the site, its app, where the visitor is, and the
 * address of the same page in the other language (the one thing that differs from page to page).
 */
export type MenuProps = { siteName: string; appStoreUrl: string; nav: NavState; switchTo: string };

/** `aria-current` for a menu link to `to`: "page" when it leads to where the visitor is. */
export function currentIf(nav: NavState, to: string): "page" | undefined {
  return nav.current === to ? "page" : undefined;
}

/**
 * The site's social profiles are not configured yet, so each icon leads to the network's
 * home page, where visitors can search for the site by name.
 */
export const socialLinks = [
  { network: "Facebook", href: "https://www.facebook.com/", icon: "facebook" },
  { network: "Twitter", href: "https://x.com/", icon: "twitter" },
  { network: "Instagram", href: "https://www.instagram.com/", icon: "instagram" },
  { network: "LinkedIn", href: "https://www.linkedin.com/", icon: "linkedin" },
] as const;
