import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, withoutNonce } from "#app/server/platform/csp.server.ts";
import { bytesOf, documentResponse, etagOf, etagWithout } from "#app/server/platform/http-cache.server.ts";
import { deferHydration, deferHydrationBytes } from "#app/server/platform/hydration.server.ts";

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
      ["twice in a row: n0ncen0nce, and a half n0nc", "n0nce"],
      [page("kept"), ""],
    ] as const) {
      expect(etagWithout(Buffer.from(html), nonce)).toBe(etagOf(html.replaceAll(nonce, "")));
    }
  });

  it("is sent as rendered, and read back as its bytes without touching the body", async () => {
    const bytes = Buffer.from(page("abc"));
    const response = documentResponse(bytes, { status: 200, headers: { "Content-Type": "text/html" } });
    expect(await bytesOf(response)).toBe(bytes);
    expect(response.bodyUsed).toBe(false);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await bytesOf(new Response("plain – सादा"))).toString("utf8")).toBe("plain – सादा");
  });

  it("loses its nonce, and nothing else, when it is stored", () => {
    expect(withoutNonce(Buffer.from(page("n0nce+/=")), "n0nce+/=").toString("utf8")).toBe(page(""));
    const none = Buffer.from(page(""));
    expect(withoutNonce(none, "n0nce")).toBe(none);
  });

  it("gets the CSP hash of each inline script's UTF-8 text", () => {
    const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
    const html =
      `${page("")}<script src="/assets/a.js"></script><scripts>not a script</scripts>` +
      `<script type="application/ld+json">{"name":"प्रकाश – 📘"}</script><script>window.__reactRouterContext = {};</script>`;
    expect(inlineScriptHashes(Buffer.from(html)).sort()).toEqual(
      [
        "window.__reactRouterContext = {};",
        'import "/assets/manifest-1.js";\nimport("/assets/entry.client-B.js");',
        "window.__reactRouterContext.streamController.close();",
        '{"name":"प्रकाश – 📘"}',
      ]
        .map(sha)
        .sort(),
    );
    expect(inlineScriptHashes(Buffer.from("<p>no scripts</p><script>unclosed"))).toEqual([]);
  });
});
