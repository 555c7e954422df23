import { Outlet, useRouteLoaderData } from "react-router";
import { useServiceWorker } from "#app/components/offline/register.ts";
import { PublicError, PublicFrame } from "#app/components/site/public-frame.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { frameCopy } from "#app/content/frame-copy.ts";
import { frameData } from "#app/routes/public/layout.server.ts";
import type { Route } from "./+types/layout";

// Every English public page; the Hindi ones are under app/routes/public/hi/layout.tsx.

export function loader({ context }: Route.LoaderArgs) {
  return frameData(context);
}

// The QR code and the year depend only on the configuration: no need to fetch them again.
export function shouldRevalidate() {
  return false;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  // Saved chapters open offline (public/sw.js); registered once the page has loaded.
  useServiceWorker(useSite().siteName);
  return (
    <PublicFrame copy={frameCopy} data={loaderData}>
      <Outlet />
    </PublicFrame>
  );
}

export function ErrorBoundary() {
  return <PublicError copy={frameCopy} data={useRouteLoaderData<typeof loader>("routes/public/layout")} />;
}
