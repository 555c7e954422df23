import type { ReactNode } from "react";
import { isRouteErrorResponse, Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { PartKeeperProvider } from "#app/components/kept-part.tsx";
import { Footer } from "#app/components/site/footer.tsx";
import { navState, useSite } from "#app/components/site/site-data.ts";
import { TopBar } from "#app/components/site/top-bar.tsx";
import "#app/components/site/site.css";
import { services } from "#app/context.ts";
import { qrCodeDataUrl } from "#app/server/platform/qr.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = services(context);
  return {
    qrCode: await qrCodeDataUrl(config.appStoreUrl),
    // From the server, so the footer's year cannot differ between server and browser.
    year: new Date().getFullYear(),
  };
}

// The QR code and the year depend only on the configuration: no need to fetch them again.
export function shouldRevalidate() {
  return false;
}

/** Every public page: top bar, the page, footer. */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteFrame qrCode={loaderData.qrCode} year={loaderData.year}>
      <Outlet />
    </SiteFrame>
  );
}

function SiteFrame({
  qrCode,
  year,
  children,
}: {
  qrCode: string | undefined;
  year: number;
  children: ReactNode;
}) {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar siteName={site.siteName} appStoreUrl={site.appStoreUrl} nav={navState(pathname)} />
      <div id="content" className="flex flex-1 flex-col">
        {children}
      </div>
      <Footer siteName={site.siteName} appStoreUrl={site.appStoreUrl} qrCode={qrCode} year={year} />
    </div>
  );
}

/** A public page that failed keeps the top bar and footer, so the visitor can move on. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/public/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  // Here the frame stands elsewhere in React's tree, and useId (the search box's) gives other ids
  // there than on the pages it was kept from: rendered in place, nothing kept or reused.
  return (
    <PartKeeperProvider value={null}>
      <SiteFrame qrCode={data?.qrCode} year={data?.year ?? new Date().getFullYear()}>
        <ErrorPage status={status} message={message} />
      </SiteFrame>
    </PartKeeperProvider>
  );
}
