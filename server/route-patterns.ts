import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Which route of app/routes.ts a request's path matches, as its pattern ("/class/:grade/chapter/:slug"):
// the label metrics and the request log use, never the raw address (endless values, ids, slugs).

export type RouteOf = {
  /** The matched route's path pattern, or "not-found" for the catch-all 404 route. */
  pattern: string;
  /** The path holds a secret (a one-time token): the log shows the pattern in its place. */
  hidesPath: boolean;
};

/** Route parameters whose values must never reach a log. */
const SECRET_PARAM = /token|secret|password|code/i;

/** Paths remembered with their answer; then the memory starts again (most visits repeat a few pages). */
const REMEMBERED = 2_000;
const MAX_REMEMBERED_PATH = 200;

/** React Router's flat manifest of the build as the route tree `matchRoutes` takes. */
function routeTree(manifest: ServerBuild["routes"]): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), node]);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const below = children.get(node.id);
      return below && !node.index ? ({ ...node, children: attach(below) } as RouteObject) : node;
    });
  return attach(children.get(undefined) ?? []);
}

function canDecode(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A function giving a path's route: its pattern, and whether the path holds a secret. */
export function routePatterns(manifest: ServerBuild["routes"]): (pathname: string) => RouteOf {
  const tree = routeTree(manifest);
  const remembered = new Map<string, RouteOf>();
  const find = (pathname: string): RouteOf => {
    // Client navigation fetches a page's data at its `.data` twin (`/_root.data` for the home page).
    const path = pathname.replace(/\/_root\.data$|\/_\.data$|\.data$/, "") || "/";
    // A malformed encoding matches no page of ours (and React Router would warn about it here too).
    if (!canDecode(path)) return { pattern: "not-found", hidesPath: false };
    const matches = matchRoutes(tree, path) ?? [];
    const last = matches.at(-1)?.route;
    if (!last || last.path === "*") return { pattern: "not-found", hidesPath: false };
    const pattern = `/${matches
      .map((m) => m.route.path ?? "")
      .filter(Boolean)
      .join("/")}`.replace(/\/{2,}/g, "/");
    const hidesPath = pattern
      .split("/")
      .some((segment) => segment.startsWith(":") && SECRET_PARAM.test(segment));
    return { pattern, hidesPath };
  };
  return (pathname) => {
    if (pathname.length > MAX_REMEMBERED_PATH) return find(pathname);
    let route = remembered.get(pathname);
    if (!route) {
      route = find(pathname);
      if (remembered.size >= REMEMBERED) remembered.clear();
      remembered.set(pathname, route);
    }
    return route;
  };
}

/**
 * Notes the request's route for the request log and metrics (server/request-log.ts), which run
 * outside the app: a request that never gets here was answered as a static file.
 */
export function noteRoute(routeOf: (pathname: string) => RouteOf) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = routeOf(req.path);
    next();
  };
}
