import { ClassPage, classMeta } from "#app/components/public/class-page.tsx";
import { classPageCopy } from "#app/content/hi/class-page-copy.ts";
import { gradeSubtitles } from "#app/content/hi/site-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { classPageData } from "#app/routes/public/class.server.ts";
import type { Route } from "./+types/class";

// A class page in Hindi (/hi/class/N): the English page's data, in Hindi words (docs/decisions/0030).

export function loader(args: Route.LoaderArgs) {
  return classPageData(args);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return classMeta(siteFromMatches(matches), loaderData, {
    copy: classPageCopy,
    subtitle: (grade) => gradeSubtitles[grade],
    lang: "hi",
  });
}

export default function Class({ loaderData }: Route.ComponentProps) {
  return <ClassPage data={loaderData} copy={classPageCopy} subtitle={gradeSubtitles[loaderData.grade]} />;
}
