import { ChapterQrPage, chapterQrMeta } from "#app/components/public/chapter-qr-page.tsx";
import { chapterPageCopy } from "#app/content/hi/chapter-page-copy.ts";
import { frameCopy } from "#app/content/hi/frame-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { chapterQrData } from "#app/routes/public/chapter.server.ts";
import type { Route } from "./+types/chapter-qr";

// A chapter's QR code page in Hindi (/hi/class/G/chapter/SLUG/qr), docs/decisions/0030.

export function loader(args: Route.LoaderArgs) {
  return chapterQrData(args, "hi");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return chapterQrMeta(siteFromMatches(matches), loaderData, {
    copy: chapterPageCopy,
    lang: "hi",
    notFound: frameCopy.notFound.title,
  });
}

export default function ChapterQr({ loaderData, matches }: Route.ComponentProps) {
  return (
    <ChapterQrPage data={loaderData} copy={chapterPageCopy} siteName={siteFromMatches(matches).siteName} />
  );
}
