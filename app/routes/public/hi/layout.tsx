import { Outlet, useRouteLoaderData } from "react-router";
import { useServiceWorker } from "#app/components/offline/register.ts";
import { PublicError, PublicFrame } from "#app/components/site/public-frame.tsx";
import { useSite } from "#app/components/site/site-data.ts";
import { frameCopy } from "#app/content/hi/frame-copy.ts";
import { frameData } from "#app/routes/public/layout.server.ts";
import type { Route } from "./+types/layout";

// Every Hindi public page (/hi...): the English layout's frame in Hindi (docs/decisions/0030).

export function loader({ context }: Route.LoaderArgs) {
  return frameData(context);
}

export function shouldRevalidate() {
  return false;
}

export default function HindiLayout({ loaderData }: Route.ComponentProps) {
  // Saved chapters open offline (public/sw.js); registered once the page has loaded.
  useServiceWorker(useSite().siteName);
  return (
    <PublicFrame copy={frameCopy} data={loaderData}>
      <Outlet />
    </PublicFrame>
  );
}

export function ErrorBoundary() {
  return <PublicError copy={frameCopy} data={useRouteLoaderData<typeof loader>("routes/public/hi/layout")} />;
}
