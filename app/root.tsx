import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import "#app/app.css";
import { ErrorPage } from "#app/components/error-page.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import type { SiteInfo } from "#app/components/site/site-data.ts";
import { errorCopy } from "#app/content/error-copy.ts";
import { requestContext, services } from "#app/context.ts";
import { HTML_LANG, langOfPath } from "#app/lib/language.ts";
import { isPrivatePath, withHttpCache } from "#app/server/platform/http-cache.server.ts";
import { answerFromStore } from "#app/server/platform/page-cache.server.ts";
import { saveDataKey } from "#app/server/platform/page-key.server.ts";
import { wantsSaveData } from "#app/server/platform/save-data.server.ts";
import { recordingShownLinks } from "#app/server/platform/shown-links.server.ts";

// Every response React Router makes passes here (pages already stored are answered before it,
// in server/app.ts). A public GET page asked for under its canonical key is stored and answered
// as stored, with the link addresses it shows (dropped when one turns Broken or back); then the
// HTTP caching headers and ETag. The console, login and logout, matched
// however their path is spelled, are never stored and never cached. Content changes empty the
// store where they happen, in the domain (app/server/content-changes.server.ts).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, pattern }, next) => {
    const state = context.get(requestContext);
    const { nonce } = state;
    const { pageCache } = services(context);
    const url = new URL(request.url);
    const isPrivate = isPrivatePath(url.pathname) || isPrivatePath(pattern);
    const generation = pageCache.generation;
    const { value: response, shownLinks } = await recordingShownLinks(() => next() as Promise<Response>);
    // Read after the loaders ran: a page may have declined to be stored (app/context.ts).
    const key = state.pageKey;
    // Only the canonical request is stored (server/stored-pages.ts turns others into it).
    if (request.method !== "GET" || isPrivate || key === null || key !== `${url.pathname}${url.search}`) {
      return withHttpCache(request, response, nonce, isPrivate);
    }
    // A page's Save-Data form (app/entry.server.tsx) is stored apart from it.
    const saveData = wantsSaveData(request.headers.get("Save-Data"));
    const stored = await pageCache.put(saveData ? saveDataKey(key) : key, response, {
      nonce,
      generation,
      onVisit: state.onVisit,
      shownLinks,
    });
    if (stored instanceof Response) return withHttpCache(request, stored, nonce, false);
    const answer = await answerFromStore(stored, {
      method: request.method,
      ifNoneMatch: request.headers.get("If-None-Match"),
      acceptEncoding: request.headers.get("Accept-Encoding"),
    });
    // Node's Buffers are backed by plain ArrayBuffers; TypeScript cannot know that.
    const body = answer.body as Uint8Array<ArrayBuffer> | null;
    return new Response(body, { status: answer.status, headers: answer.headers });
  },
];

export function loader({ context }: Route.LoaderArgs): SiteInfo {
  const { config } = services(context);
  return {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    appStoreUrl: config.appStoreUrl,
    appSiteUrl: config.appSiteUrl,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // /hi and below are the Hindi pages (docs/decisions/0030); the console is English.
  const lang = HTML_LANG[langOfPath(useLocation().pathname)];
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c44ad" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page as interactive, so tests (and CSS, if ever needed) can tell hydration is done.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** Any error that reaches the top: a plain page with a way home, never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage
        status={error.status}
        message={typeof error.data === "string" ? error.data : undefined}
        copy={errorCopy}
      />
    );
  }
  return <ErrorPage status={500} copy={errorCopy} />;
}
