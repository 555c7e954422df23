import type { MouseEvent } from "react";
import { Link } from "react-router";
import { external } from "#app/components/public/styles.ts";
import { Icon } from "#app/components/site/icons.tsx";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { whatsAppShareLink } from "#app/lib/share.ts";

type Props = {
  /** The chapter's title: the share sheet's title, and the start of the WhatsApp text. */
  title: string;
  /** A line for the share sheet beside the address ("Real Numbers – Class 10 Mathematics"). */
  text: string;
  /** The chapter page's absolute address, in the page's language. */
  address: string;
  /** The chapter's printable QR code page, in the page's language. */
  qrPage: string;
  copy: ChapterPageCopy["share"];
};

const pill =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-white/40 bg-white/10 px-4 text-sm font-semibold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * "Share" and "QR code" on the chapter page (DESIGN 8.3). Share is a plain WhatsApp link, so it works
 * without JavaScript; with it, a phone that has a share sheet (navigator.share) opens that instead,
 * which offers WhatsApp too, and every other app the student has.
 */
export function ShareLinks({ title, text, address, qrPage, copy }: Props) {
  const whatsApp = whatsAppShareLink(title, address);
  function openShareSheet(event: MouseEvent<HTMLAnchorElement>) {
    const data = { title, text, url: address };
    if (!("share" in navigator) || navigator.canShare?.(data) === false) return;
    event.preventDefault();
    navigator.share(data).catch((error: unknown) => {
      // Closing the sheet is the student's answer; any other failure: WhatsApp's link after all.
      if (!(error instanceof DOMException && error.name === "AbortError")) window.location.assign(whatsApp);
    });
  }
  return (
    <ul className="mt-4 flex flex-wrap gap-2 print:hidden" aria-label={copy.label}>
      <li>
        <a href={whatsApp} {...external} onClick={openShareSheet} className={pill}>
          <Icon name="share" className="size-4" />
          {copy.share}
        </a>
      </li>
      <li>
        <Link to={qrPage} className={pill}>
          <Icon name="qr-code" className="size-4" />
          {copy.qrCode}
        </Link>
      </li>
    </ul>
  );
}
