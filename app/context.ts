import { createContext, type RouterContextProvider } from "react-router";
import type { SessionUser } from "#app/server/accounts/sessions.server.ts";
import type { Config } from "#app/server/config.server.ts";
import type { Database } from "#app/server/db.server.ts";
import type { PageCache } from "#app/server/platform/page-cache.server.ts";
import type { Stylesheets } from "#app/server/platform/save-data.server.ts";

/** What the server hands every loader and action: the one way routes reach the database. */
export type Services = {
  db: Database;
  config: Config;
  pageCache: PageCache;
  /** The build's stylesheets, which Save-Data pages carry inside them; absent in development. */
  stylesheets?: Stylesheets | undefined;
};
export const servicesContext = createContext<Services>();

/** Per request: the CSP nonce and the signed-in user (null for visitors). */
export type RequestState = {
  nonce: string;
  /**
   * The page store's key for this request (app/server/platform/page-key.server.ts), or null: never
   * stored. A loader may set it to null through `doNotStore`.
   */
  pageKey: string | null;
  user: SessionUser | null;
  sessionId: string | undefined;
  /** The client's address (behind a trusted proxy: from X-Forwarded-For), for login limits. */
  clientAddress: string;
  /** Set through `onEveryVisit`: done again whenever the page store answers with this page. */
  onVisit?: () => void;
};
export const requestContext = createContext<RequestState>();

/**
 * For a loader whose page shows a fallback for a query value it does not know (e.g. an unknown
 * `?subject=`): the page is sent but not stored under that address, so made-up values cannot
 * fill the store.
 */
export function doNotStore(context: Readonly<RouterContextProvider>): void {
  context.get(requestContext).pageKey = null;
}

/**
 * For a loader with work to do on every visit, not only when the page is rendered (counting a
 * search): if the page is stored, the store does `work` again each time it answers with it.
 * `work` must be cheap and must not throw.
 */
export function onEveryVisit(context: Readonly<RouterContextProvider>, work: () => void): void {
  context.get(requestContext).onVisit = work;
}

export function services(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
