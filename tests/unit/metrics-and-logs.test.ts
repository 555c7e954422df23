import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { sitemapPartOf, sitemapPartPath } from "#app/lib/sitemaps.ts";
import { createLogger, requestIdFrom, textLine, withRequestId } from "#app/server/platform/log.server.ts";
import { isPrivateClient, metricsAccess, statusClass } from "#app/server/platform/metrics.server.ts";
import routes from "../../app/routes.ts";
import { routePatterns } from "../../server/route-patterns.ts";

/** A logger writing into arrays: what went to stdout and what to stderr. */
function capture(format: "text" | "json") {
  const out: string[] = [];
  const err: string[] = [];
  const logger = createLogger(format, undefined, {
    out: { write: (line) => out.push(line) },
    err: { write: (line) => err.push(line) },
  });
  return { logger, out, err };
}

describe("log lines", () => {
  it("in JSON: one parseable line each, the request id of the request under way, secrets hidden", () => {
    const { logger, out, err } = capture("json");
    withRequestId("req-42", () => {
      logger.info(
        { route: "/class/:grade", password: "pw", headers: { cookie: "sid=1", authorization: "Bearer x" } },
        "request",
      );
    });
    logger.error({ err: new Error("it broke") }, "a page failed to render");
    expect(out).toHaveLength(1);
    expect(out[0]?.endsWith("\n")).toBe(true);
    const line = JSON.parse(out[0] ?? "");
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      route: "/class/:grade",
      requestId: "req-42",
    });
    expect(line.password).toBe("***");
    expect(line.headers).toEqual({ cookie: "***", authorization: "***" });
    expect(Date.parse(line.time)).not.toBeNaN();
    // Errors go to stderr, their stack inside the one line.
    expect(err).toHaveLength(1);
    const error = JSON.parse(err[0] ?? "");
    expect(error).toMatchObject({ level: "error", msg: "a page failed to render" });
    expect(error.err.stack).toMatch(/it broke\n\s+at /);
    expect(error.requestId).toBeUndefined();
  });

  it("in text: one readable line with key=value fields; an error's stack follows, indented", () => {
    const { logger, out, err } = capture("text");
    logger.info({ method: "GET", path: "/blog/a b", status: 200, ms: 3.2 }, "request");
    logger.warn("GET /x: 405 Method Not Allowed");
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z INFO request method=GET path="\/blog\/a b" status=200 ms=3\.2\n$/,
    );
    expect(err[0]).toMatch(/ WARN GET \/x: 405 Method Not Allowed\n$/);
    const withStack = textLine(
      JSON.stringify({ level: "error", msg: "boom\nagain", err: { stack: "E\n  at f" } }),
    );
    expect(withStack).toBe("ERROR boom\\nagain\n    E\n      at f\n");
  });

  it("keeps a sane X-Request-Id and replaces anything else", () => {
    expect(requestIdFrom("abc-DEF_123")).toBe("abc-DEF_123");
    for (const insane of ["", "a b", "x".repeat(65), "id\nforged line", "<script>", undefined]) {
      const id = requestIdFrom(insane);
      expect(id, String(insane)).not.toBe(insane);
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    }
    // Ids come from a pool of random bytes refilled every 256: across refills, all differ.
    const ids = Array.from({ length: 1000 }, () => requestIdFrom(undefined));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe("who may read /metrics", () => {
  const token = "0123456789abcdef0123456789abcdef";

  it("without METRICS_TOKEN: loopback and private addresses only", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "::ffff:127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "192.168.1.5",
      "fd00::1",
    ]) {
      expect(metricsAccess({ token: undefined, clientAddress: address, authorization: null }), address).toBe(
        "allowed",
      );
    }
    for (const address of [
      "203.0.113.9",
      "8.8.8.8",
      "2001:db8::1",
      "169.254.169.254",
      "100.64.0.1",
      "unknown",
      "",
    ]) {
      expect(isPrivateClient(address), address).toBe(false);
      expect(metricsAccess({ token: undefined, clientAddress: address, authorization: null }), address).toBe(
        "forbidden",
      );
    }
  });

  it("with METRICS_TOKEN: whoever sends it as a Bearer token, from any address, and nobody else", () => {
    const ask = (authorization: string | null, clientAddress = "203.0.113.9") =>
      metricsAccess({ token, clientAddress, authorization });
    expect(ask(`Bearer ${token}`)).toBe("allowed");
    expect(ask(`bearer ${token}`)).toBe("allowed");
    // A private address is no longer enough.
    expect(ask(null, "127.0.0.1")).toBe("unauthorized");
    for (const wrong of [
      null,
      "",
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      "Bearer",
    ]) {
      expect(ask(wrong), String(wrong)).toBe("unauthorized");
    }
  });

  it("labels statuses by class", () => {
    expect([200, 304, 404, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "5xx"]);
  });
});

/** A manifest as the route tree React Router's `matchRoutes` takes. */
function treeOf(manifest: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const below = route?.index ? [] : treeOf(manifest, route?.id);
      return {
        id: route?.id,
        path: route?.path,
        index: route?.index,
        ...(below.length ? { children: below } : {}),
      } as RouteObject;
    });
}

function fullPath(manifest: ServerBuild["routes"], id: string): string {
  const route = manifest[id];
  if (!route) return "";
  return `${route.parentId ? fullPath(manifest, route.parentId) : ""}/${route.path ?? ""}`.replace(
    /\/{2,}/g,
    "/",
  );
}

/** The site's route table (app/routes.ts) as the build's flat manifest. */
function manifestOf(entries: RouteConfigEntry[]): ServerBuild["routes"] {
  const manifest: Record<string, unknown> = { root: { id: "root", path: "" } };
  const add = (list: RouteConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      add(entry.children ?? [], id);
    }
  };
  add(entries, "root");
  return manifest as ServerBuild["routes"];
}

describe("route patterns", () => {
  const routeOf = routePatterns(manifestOf(routes));

  it("name the route a path matches, never the path itself", () => {
    const cases: Array<[string, string]> = [
      ["/", "/"],
      ["/_root.data", "/"],
      ["/class/10", "/class/:grade"],
      ["/CLASS/10/chapter/light-reflection", "/class/:grade/chapter/:slug"],
      ["/class/10/chapter/light-reflection.data", "/class/:grade/chapter/:slug"],
      ["/blog/my-post", "/blog/:slug"],
      ["/admin", "/admin"],
      ["/admin/chapters/12", "/admin/chapters/:id"],
      ["/metrics", "/metrics"],
      ["/sitemap.xml", "/sitemap.xml"],
      ["/sitemap-3.xml", "/sitemap-3.xml"],
      ["/no/such/page", "not-found"],
      ["/%E0%A4%A", "not-found"],
    ];
    for (const [path, pattern] of cases) expect(routeOf(path).pattern, path).toBe(pattern);
    expect(routeOf("/class/10").hidesPath).toBe(false);
  });

  it("agree with React Router's own matching on every route, spelled every way", () => {
    const manifest = manifestOf(routes);
    const tree = treeOf(manifest);
    const paths = [
      "/",
      "/x",
      "/class",
      "/class/",
      "/admin/",
      "/ADMIN/Blogs/7/",
      "/blog/rss.xml",
      "/media/a.png",
    ];
    for (const route of Object.values(manifest)) {
      const full = fullPath(manifest, route?.id ?? "");
      const filled = full.replace(/:[\w-]+/g, "x1").replace(/\*$/, "a/b");
      paths.push(filled, `${filled}/`, filled.toUpperCase(), `${filled}/more`, `${filled}%2Fx`);
    }
    for (const path of paths) {
      const matches = matchRoutes(tree, path) ?? [];
      const last = matches.at(-1)?.route;
      const expected =
        !last || last.path === "*"
          ? "not-found"
          : `/${matches
              .map((m) => m.route.path ?? "")
              .filter(Boolean)
              .join("/")}`.replace(/\/{2,}/g, "/");
      expect(routeOf(path).pattern, path).toBe(expected);
    }
  });

  it("hide a path whose parameters hold a secret", () => {
    const manifest = manifestOf([{ path: "set-password/:token", file: "routes/set-password.tsx" }]);
    expect(routePatterns(manifest)("/set-password/abc123")).toEqual({
      pattern: "/set-password/:token",
      hidesPath: true,
    });
  });
});

describe("numbered sitemaps", () => {
  it("live at the top of the site, numbered from 1 to 20", () => {
    expect(sitemapPartPath(3)).toBe("/sitemap-3.xml");
    expect(sitemapPartOf("/sitemap-3.xml")).toBe(3);
    expect(sitemapPartOf("/SITEMAP-20.XML")).toBe(20);
    for (const other of [
      "/sitemap-0.xml",
      "/sitemap-21.xml",
      "/sitemap-01.xml",
      "/sitemap-x.xml",
      "/a/sitemap-1.xml",
    ]) {
      expect(sitemapPartOf(other), other).toBeNull();
    }
  });
});
