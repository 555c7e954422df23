import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";

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

type Branch = {
  pattern: RegExp;
  /** The full path ("/class/:grade"), and the route's own ("*" for the catch-all). */
  path: string;
  own: string | undefined;
  score: number;
  indexes: number[];
};

/**
 * Every route that can match (one with a path, or an index route) as its full path, ranked the
 * way React Router ranks them (most specific first; siblings in their order), each path compiled
 * once. React Router's own `matchRoutes` flattens, ranks and compiles the whole table again on
 * every call, which costs more than the rest of a request's bookkeeping together.
 */
function rankedBranches(manifest: ServerBuild["routes"]): Branch[] {
  const children = new Map<string | undefined, NonNullable<ServerBuild["routes"][string]>[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const branches: Branch[] = [];
  const visit = (parentId: string | undefined, parentPath: string, parentIndexes: number[]) => {
    (children.get(parentId) ?? []).forEach((route, i) => {
      const path = `${parentPath}/${route.path ?? ""}`.replace(/\/{2,}/g, "/");
      const indexes = [...parentIndexes, i];
      if (!route.index) visit(route.id, path, indexes);
      if (route.path == null && !route.index) return;
      branches.push({
        pattern: compile(path, route.caseSensitive === true),
        path,
        own: route.path,
        score: score(path, route.index === true),
        indexes,
      });
    });
  };
  visit(undefined, "", []);
  const siblings = (a: number[], b: number[]) =>
    a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return branches.sort((a, b) =>
    a.score !== b.score
      ? b.score - a.score
      : siblings(a.indexes, b.indexes)
        ? (a.indexes.at(-1) ?? 0) - (b.indexes.at(-1) ?? 0)
        : 0,
  );
}

/** React Router's ranking (computeScore): static segments 10, dynamic 3, empty 1, index 2, splat -2. */
function score(path: string, index: boolean): number {
  const segments = path.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

/** A full route path as React Router's matchPath reads it (`:name` one segment, a trailing `*` the rest). */
function compile(path: string, caseSensitive: boolean): RegExp {
  const splat = path.endsWith("*");
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:[\w-]+/g, "/([^\\/]+)")}`;
  if (splat) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}

/** As React Router decodes a path before matching it: each segment, a decoded "/" kept escaped. */
function decodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
    .join("/");
}

/**
 * decodePath, or null for a malformed encoding. (A check that called decodeURIComponent only for
 * its error was dropped by the bundler as a call without effects: `/c/%E0%A4` answered 500.)
 */
function decodedOrNull(path: string): string | null {
  try {
    return decodePath(path);
  } catch {
    return null;
  }
}

/** A function giving a path's route: its pattern, and whether the path holds a secret. */
export function routePatterns(manifest: ServerBuild["routes"]): (pathname: string) => RouteOf {
  const branches = rankedBranches(manifest);
  const remembered = new Map<string, RouteOf>();
  const find = (pathname: string): RouteOf => {
    // Client navigation fetches a page's data at its `.data` twin (`/_root.data` for the home page).
    const path = pathname.replace(/\/_root\.data$|\/_\.data$|\.data$/, "") || "/";
    // A malformed encoding matches no page of ours (and React Router would warn about it here too).
    const decoded = decodedOrNull(path);
    if (decoded === null) return { pattern: "not-found", hidesPath: false };
    const branch = branches.find((b) => b.pattern.test(decoded));
    if (!branch || branch.own === "*") return { pattern: "not-found", hidesPath: false };
    const pattern = branch.path.length > 1 ? branch.path.replace(/\/$/, "") : branch.path;
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
