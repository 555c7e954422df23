import { describe, expect, it } from "vitest";
import { documentResponse, etagOf, etagWithout, htmlOf } from "#app/server/http-cache.server.ts";
import { deferHydration, deferHydrationBytes } from "#app/server/hydration.server.ts";

// A rendered page as React Router 8 shapes it, with text beyond ASCII (Hindi, a dash, an emoji).
const page = (nonce: string, body = "<main>प्रकाश का परावर्तन – notes 📘 $& $1</main>") => {
  const n = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<html><head><title>Light – Class 10</title><link rel="modulepreload" href="/assets/entry.client-B.js"${n}/>` +
    `<link rel="modulepreload" href="/assets/root-A.js"${n}/><link rel="stylesheet" href="/assets/root.css"/></head>` +
    `<body>${body}<script${n}>window.__reactRouterContext = {};</script>` +
    `<script${n} type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-B.js");</script>` +
    `<script${n}>window.__reactRouterContext.streamController.close();</script></body></html>`
  );
};

describe("a rendered document handled as bytes", () => {
  it("gets its scripts deferred exactly as the text would", () => {
    const pages = [
      page("abc"),
      page(""),
      page("abc", '<link rel="modulepreload" href="/assets/late.js"/><main>x</main>'),
      "<html><body><p>Not found – गलत</p></body></html>",
      "<p>no head at all</p>",
    ];
    for (const html of pages) {
      expect(deferHydrationBytes(Buffer.from(html)).toString("utf8"), html).toBe(deferHydration(html));
    }
  });

  it("has the ETag of its text without the nonce", () => {
    for (const [html, nonce] of [
      [page("n0nce+/="), "n0nce+/="],
      [page(""), "absent"],
      ["n0nce at the start and the end n0nce", "n0nce"],
    ] as const) {
      expect(etagWithout(Buffer.from(html), nonce)).toBe(etagOf(html.replaceAll(nonce, "")));
    }
  });

  it("is sent as rendered, and read back as its text without touching the body", async () => {
    const bytes = Buffer.from(page("abc"));
    const response = documentResponse(bytes, { status: 200, headers: { "Content-Type": "text/html" } });
    expect(await htmlOf(response)).toBe(page("abc"));
    expect(response.bodyUsed).toBe(false);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await htmlOf(new Response("plain"))).toBe("plain");
  });
});
