import { ChapterQrPage, chapterQrMeta } from "#app/components/public/chapter-qr-page.tsx";
import { chapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { frameCopy } from "#app/content/frame-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { chapterQrData } from "#app/routes/public/chapter.server.ts";
import type { Route } from "./+types/chapter-qr";

// A chapter's QR code to print (DESIGN 8.3), found like the chapter page: an address the chapter
// left answers 301 to its QR page of today. Its Hindi twin is hi/chapter-qr.tsx.

export function loader(args: Route.LoaderArgs) {
  return chapterQrData(args, "en");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return chapterQrMeta(siteFromMatches(matches), loaderData, {
    copy: chapterPageCopy,
    lang: "en",
    notFound: frameCopy.notFound.title,
  });
}

export default function ChapterQr({ loaderData, matches }: Route.ComponentProps) {
  return (
    <ChapterQrPage data={loaderData} copy={chapterPageCopy} siteName={siteFromMatches(matches).siteName} />
  );
}
