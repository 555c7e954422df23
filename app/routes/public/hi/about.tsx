import { AboutPage, aboutMeta } from "#app/components/public/about-page.tsx";
import { aboutCopy } from "#app/content/hi/about-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/about";

// About Us in Hindi (/hi/about).

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return aboutMeta(site, aboutCopy(site.siteName), "hi");
}

export default function About() {
  return <AboutPage aboutCopy={aboutCopy} />;
}
