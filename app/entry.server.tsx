import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce.tsx";
import { requestContext } from "./context.ts";
import { contentSecurityPolicy } from "./server/csp.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const { nonce } = loadContext.get(requestContext);
  // Vite's dev server injects inline scripts of its own; the policy applies to real builds.
  if (!import.meta.env.DEV) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  // Pages are rendered whole before sending: they are small, and a complete
  // document lets the status code and caching headers stay truthful.
  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timer);
              callback();
            },
          });
          headers.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: responseStatus }));
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatus = 500;
          console.error(error instanceof Error ? (error.stack ?? error.message) : error);
        },
      },
    );
  });
}
