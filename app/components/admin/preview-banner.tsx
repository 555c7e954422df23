import type { ReactNode } from "react";

/**
 * The band over a preview: it says, before anything else on the page, that this is not what
 * students see yet. The page under it is the public page's own view.
 */
export function PreviewBanner({ children }: { children: ReactNode }) {
  return (
    <aside
      aria-labelledby="preview-banner-title"
      className="border-b-4 border-amber-400 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 sm:px-6 lg:px-8">
        <p id="preview-banner-title" className="text-lg font-bold">
          Preview — not public
        </p>
        <div className="min-w-0 flex-1 basis-72 text-sm">{children}</div>
      </div>
    </aside>
  );
}
