import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { PartKeeperProvider } from "#app/components/kept-part.tsx";
import { Footer } from "#app/components/site/footer.tsx";
import { FrameCopyProvider } from "#app/components/site/frame-copy.tsx";
import { navState, useSite } from "#app/components/site/site-data.ts";
import { TopBar } from "#app/components/site/top-bar.tsx";
import "#app/components/site/site.css";
import type { FrameCopy } from "#app/content/frame-copy.ts";
import { inLang } from "#app/lib/language.ts";
import { withoutReportAnswer } from "#app/lib/link-report.ts";

/** What the frame needs from the server (the layouts' loader): the app's QR code, drawn there, and the year. */
export type FrameData = { qrCode: string | undefined; year: number };

/**
 * Every public page in one language: top bar, the page, footer, all in `copy`'s words. The
 * layouts of both languages (app/routes/public/layout.tsx and hi/layout.tsx) render it.
 */
export function PublicFrame({
  copy,
  data,
  children,
}: {
  copy: FrameCopy;
  data: FrameData | undefined;
  children: ReactNode;
}) {
  const site = useSite();
  const { pathname, search } = useLocation();
  return (
    <FrameCopyProvider value={copy}>
      <div className="flex min-h-screen flex-col">
        <TopBar
          siteName={site.siteName}
          appStoreUrl={site.appStoreUrl}
          nav={navState(pathname)}
          switchTo={switchAddress(copy, pathname, search)}
        />
        <div id="content" className="flex flex-1 flex-col">
          {children}
        </div>
        <Footer
          siteName={site.siteName}
          appStoreUrl={site.appStoreUrl}
          qrCode={data?.qrCode}
          year={data?.year ?? new Date().getFullYear()}
        />
      </div>
    </FrameCopyProvider>
  );
}

/**
 * The same page in the other language, its query kept but for one visitor's answer to "Report
 * broken link" (`?report=…&link=…`), which is theirs alone and never stored.
 */
function switchAddress(copy: FrameCopy, pathname: string, search: string): string {
  const query = withoutReportAnswer(new URLSearchParams(search));
  return inLang(copy.languageSwitch.lang, `${pathname}${query.size > 0 ? `?${query}` : ""}`);
}

/** A public page that failed keeps the top bar and footer, in its language, so the visitor can move on. */
export function PublicError({ copy, data }: { copy: FrameCopy; data: FrameData | undefined }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  // Here the frame stands elsewhere in React's tree, and useId (the search box's) gives other ids
  // there than on the pages it was kept from: rendered in place, nothing kept or reused.
  return (
    <PartKeeperProvider value={null}>
      <PublicFrame copy={copy} data={data}>
        <ErrorPage status={status} message={message} copy={copy.errors} home={inLang(copy.lang, "/")} />
      </PublicFrame>
    </PartKeeperProvider>
  );
}
