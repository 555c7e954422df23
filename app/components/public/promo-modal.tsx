import { useEffect, useId, useRef } from "react";
import { external, primaryButton, secondaryButton } from "#app/components/public/styles.ts";
import { useFrameCopy } from "#app/components/site/frame-copy.tsx";
import { SAVE_DATA_OMIT } from "#app/lib/save-data.ts";

type PromoModalProps = {
  /** The modal opens again whenever this changes (the chapter's slug). */
  openKey: string;
  /** Open on arrival (default); false leaves it closed until `openKey` changes. */
  initiallyOpen?: boolean;
  siteName: string;
  appStoreUrl: string;
  /** The store listing's QR code as a data: URL, drawn on the server. */
  qrCode: string;
};

/**
 * The companion-app prompt shown on every arrival at a chapter. A native <dialog>: the server
 * renders it open over the chapter, and its buttons sit in a <form method="dialog">, so it
 * closes without JavaScript too. With JavaScript it becomes modal (focus trap, Escape, backdrop).
 */
export function PromoModal({
  openKey,
  initiallyOpen = true,
  siteName,
  appStoreUrl,
  qrCode,
}: PromoModalProps) {
  const { promo: copy, getTheApp, opensInNewTab } = useFrameCopy();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const hydrated = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !openKey) return;
    const firstRun = !hydrated.current;
    hydrated.current = true;
    // Closed before the scripts arrived (slow network): the visitor already answered it.
    if (firstRun && !dialog.open) return;
    // Server-rendered `open` is non-modal; showModal() needs it closed first.
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, [openKey]);
  return (
    <dialog
      ref={ref}
      open={initiallyOpen}
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border border-gray-200 bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-gray-900/60 print:hidden"
    >
      <form method="dialog" className="relative px-6 pt-7 pb-6 text-center sm:px-8">
        <button
          type="submit"
          value="close"
          aria-label={copy.close}
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full text-2xl leading-none text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden="true">×</span>
        </button>
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {copy.appLabel(siteName)}
        </p>
        <h2 id={titleId} className="mt-1 text-xl font-bold text-balance sm:text-2xl">
          {copy.heading}
        </h2>
        <p id={textId} className="mt-2 text-sm text-gray-600">
          {copy.text(siteName)} <span {...{ [SAVE_DATA_OMIT]: "" }}>{copy.scanOrOpen}</span>
        </p>
        <figure
          {...{ [SAVE_DATA_OMIT]: "" }}
          className="mx-auto mt-5 w-fit rounded-xl border border-gray-200 p-2"
        >
          <img src={qrCode} alt={copy.qrAlt(siteName)} width={152} height={152} />
          <figcaption className="mt-1 text-xs text-gray-600">{copy.scan}</figcaption>
        </figure>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href={appStoreUrl} {...external} className={primaryButton}>
            {getTheApp}
            <span className="sr-only"> {opensInNewTab}</span>
          </a>
          <button type="submit" value="continue" className={secondaryButton}>
            {copy.continue}
          </button>
        </div>
      </form>
    </dialog>
  );
}
