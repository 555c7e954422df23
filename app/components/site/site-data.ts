import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

export type SiteInfo = { siteName: string; siteUrl: string; appStoreUrl: string; appSiteUrl: string };

/** Name, origin and app links from the root loader (the configuration), for any public component. */
export function useSite(): SiteInfo {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return {
    siteName: data?.siteName ?? "ChapterWise",
    siteUrl: data?.siteUrl ?? "",
    appStoreUrl: data?.appStoreUrl ?? "/",
    appSiteUrl: data?.appSiteUrl ?? "/",
  };
}

export type NavItem = { to: string; label: string };

/** The Classes dropdown, in the top bar, the mobile menu and the footer. */
export const classLinks: NavItem[] = [
  { to: "/class/9", label: "Class 9 Resources" },
  { to: "/class/10", label: "Class 10 Resources" },
  { to: "/class/11", label: "Class 11 Resources" },
  { to: "/class/12", label: "Class 12 Resources" },
];

/** The Guides dropdown (the guide titles of app/content/guides, kept here so the menu stays small). */
export const guideLinks: NavItem[] = [
  { to: "/guide/9", label: "Class 9 Study Guide" },
  { to: "/guide/10", label: "Class 10 Exam Guide" },
  { to: "/guide/11", label: "Class 11 Study Guide" },
  { to: "/guide/12", label: "Class 12 Board Guide" },
];

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
