import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { renderGate } from "../../server/render-gate.ts";

/** A request and its response, enough for the gate: the response says when it is closed. */
function visit(path: string, method = "GET") {
  const res = new EventEmitter();
  return {
    req: { method, path, originalUrl: path } as Request,
    res: res as unknown as Response,
    close: () => res.emit("close"),
  };
}

describe("public pages rendered a few at a time", () => {
  it("lets `limit` through, each next one when a page is sent, in order of arrival", () => {
    const gate = renderGate(2);
    const started: string[] = [];
    const visits = ["/blog/a", "/blog/b", "/blog/c", "/blog/d"].map((path) => {
      const v = visit(path);
      gate(v.req, v.res, () => started.push(path));
      return v;
    });
    expect(started).toEqual(["/blog/a", "/blog/b"]);
    visits[1]?.close();
    expect(started).toEqual(["/blog/a", "/blog/b", "/blog/c"]);
    visits[0]?.close();
    expect(started).toEqual(["/blog/a", "/blog/b", "/blog/c", "/blog/d"]);
    for (const v of visits) v.close();
    // All done: the next page goes straight through.
    const next = visit("/class/10");
    gate(next.req, next.res, () => started.push("/class/10"));
    expect(started.at(-1)).toBe("/class/10");
  });

  it("skips a waiting page whose visitor left, and holds back nothing but pages the store keeps", () => {
    const gate = renderGate(1);
    const started: string[] = [];
    const first = visit("/");
    gate(first.req, first.res, () => started.push("/"));
    const gone = visit("/about");
    gate(gone.req, gone.res, () => started.push("/about"));
    const waiting = visit("/blog");
    gate(waiting.req, waiting.res, () => started.push("/blog"));
    gone.close();
    for (const [path, method] of [
      ["/admin/blogs", "GET"],
      ["/login", "GET"],
      ["/healthz", "GET"],
      ["/metrics", "GET"],
      ["/sitemap.xml", "GET"],
      ["/class/10", "POST"],
    ] as const) {
      const v = visit(path, method);
      gate(v.req, v.res, () => started.push(`${method} ${path}`));
    }
    expect(started).toEqual([
      "/",
      "GET /admin/blogs",
      "GET /login",
      "GET /healthz",
      "GET /metrics",
      "GET /sitemap.xml",
      "POST /class/10",
    ]);
    first.close();
    expect(started.at(-1)).toBe("/blog");
  });
});
