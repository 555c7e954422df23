import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { PartKeeperProvider } from "#app/components/kept-part.tsx";
import { NonceProvider } from "#app/components/nonce.tsx";
import { requestContext, services } from "#app/context.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "#app/server/errors.server.ts";
import { contentSecurityPolicy } from "#app/server/platform/csp.server.ts";
import { documentResponse, isPrivatePath, varyOn } from "#app/server/platform/http-cache.server.ts";
import { deferHydrationBytes } from "#app/server/platform/hydration.server.ts";
import { partKeeper } from "#app/server/platform/kept-parts.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { addPhaseTime, renderStarted } from "#app/server/platform/render-timing.server.ts";
import { saveDataPage, wantsSaveData } from "#app/server/platform/save-data.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The database is away or busy (DatabaseTroubleError, docs/decisions/0008): say when to come back.
  if (status === 503) headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  // A public page has a Save-Data form (save-data.server.ts): caches must keep both apart.
  const isPublic = !isPrivatePath(new URL(request.url).pathname);
  if (isPublic) varyOn(headers, "Save-Data");
  const saveData = isPublic && wantsSaveData(request.headers.get("Save-Data"));
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const { nonce } = loadContext.get(requestContext);
  // Vite's dev server injects inline scripts of its own; the policy applies to real builds.
  if (!import.meta.env.DEV) headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce }));
  // Pages are rendered whole before sending: they are small, and a complete
  // document lets the status code and caching headers stay truthful.
  // The top bar and footer are rendered once per set of inputs (app/components/kept-part.tsx);
  // in development every edit must show, so nothing is kept.
  const keeper = import.meta.env.DEV ? null : partKeeper();
  renderStarted();
  const renderStart = performance.now();
  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PartKeeperProvider value={keeper}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PartKeeperProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const document = new Writable({
            write(chunk, _encoding, callback) {
              // React hands over each chunk and starts a new buffer for the next: kept as it is, not copied.
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timer);
              const postStart = performance.now();
              addPhaseTime("render", postStart - renderStart);
              let html: Buffer = Buffer.concat(chunks);
              // A page that failed to render may be cut short: nothing is kept from it.
              if (keeper && responseStatus < 500) keeper.keepFrom(html, nonce);
              // Public pages load their scripts after the page (hydration.server.ts), or have none
              // when the visitor saves data; the console hydrates at once, since most of what it
              // does needs JavaScript.
              if (saveData) html = saveDataPage(html, services(loadContext).stylesheets ?? null);
              else if (isPublic) html = deferHydrationBytes(html);
              headers.set("Content-Type", "text/html; charset=utf-8");
              resolve(documentResponse(html, { headers, status: responseStatus }));
              addPhaseTime("post", performance.now() - postStart);
              callback();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatus = 500;
          log.error("a page failed to render", { err: error });
        },
      },
    );
  });
}

/**
 * Errors of loaders and actions, for the log only (the visitor gets a plain error page). A
 * refusal (a 4xx such as a POST to a page without a form, or a 503 while the database is away) is
 * one line; a real fault keeps its stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error)) {
    log.warn(`${request.method} ${path}: ${error.status} ${error.statusText}`);
    return;
  }
  log.error(`${request.method} ${path}: ${error instanceof Error ? error.message : String(error)}`, {
    err: error,
  });
};
