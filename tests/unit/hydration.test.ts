import { describe, expect, it } from "vitest";
import {
  DEFERRED_SCRIPT_ID,
  deferHydration,
  HYDRATION_LOADER,
} from "#app/server/platform/hydration.server.ts";

// The shape React Router 8's <Scripts> renders (React hoists the preload links into the head).
const routeModules = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-A.js";
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-B.js");`;
const page = (nonceAttribute: string) => {
  const nonce = nonceAttribute ? ` ${nonceAttribute}` : "";
  return (
    `<html><head><title>x</title><link rel="modulepreload" href="/assets/entry.client-B.js"${nonce}/>` +
    `<link rel="modulepreload" href="/assets/root-A.js"${nonce}/><link rel="stylesheet" href="/assets/root.css"/>` +
    `</head><body><main>Text $& $1</main><script${nonce}>window.__reactRouterContext = {};</script>` +
    `<script${nonce} type="module" async="">${routeModules}</script></body></html>`
  );
};

describe("public pages load their scripts after the page", () => {
  it("takes the preloads and module script out, and adds the loader with the same nonce", () => {
    const html = deferHydration(page('nonce="abc"'));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain("<main>Text $& $1</main>");
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>');
    expect(html).toContain(
      `<script nonce="abc" type="text/x-deferred-module" id="${DEFERRED_SCRIPT_ID}" ` +
        `data-preload="/assets/entry.client-B.js /assets/root-A.js">${routeModules}</script>` +
        `<script nonce="abc">${HYDRATION_LOADER}</script></body>`,
    );
  });

  it("finds the preloads in the body too, should React ever leave them there", () => {
    const html = deferHydration(
      page("")
        .replace(/(<link rel="modulepreload"[^>]*\/>)+/, "")
        .replace("<main>", `<link rel="modulepreload" href="/assets/root-A.js"/><main>`),
    );
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('data-preload="/assets/root-A.js"');
  });

  it("works without a nonce (development) and leaves a page without React Router's scripts alone", () => {
    expect(deferHydration(page(""))).toContain(`<script>${HYDRATION_LOADER}</script>`);
    const plain = "<html><body><p>Not found</p></body></html>";
    expect(deferHydration(plain)).toBe(plain);
  });

  it("the loader waits for the page to load and paint, then runs the module script once", () => {
    // Plays the loader against a minimal browser: nothing runs before `load` and the first paint.
    const appended: Array<{ tag: string; props: Record<string, string> }> = [];
    const listeners: Record<string, () => void> = {};
    const deferred = {
      dataset: { preload: "/a.js /b.js" },
      textContent: routeModules,
      removed: false,
      remove() {
        this.removed = true;
      },
    };
    const document = {
      currentScript: { nonce: "n1" },
      readyState: "interactive",
      getElementById: (id: string) => (id === DEFERRED_SCRIPT_ID && !deferred.removed ? deferred : null),
      createElement: (tag: string) => {
        const props: Record<string, string> = {};
        appended.push({ tag, props });
        return props;
      },
      head: { append: () => {} },
      body: { append: () => {} },
    };
    let painted: (() => void) | undefined;
    class PerformanceObserver {
      constructor(callback: () => void) {
        painted = callback;
      }
      observe() {}
      disconnect() {}
    }
    const timers: Array<{ callback: () => void; ms: number }> = [];
    const nextTimer = () => {
      timers.sort((a, b) => a.ms - b.ms);
      timers.shift()?.callback();
    };
    new Function(
      "document",
      "addEventListener",
      "performance",
      "PerformanceObserver",
      "setTimeout",
      HYDRATION_LOADER,
    )(
      document,
      (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
      { getEntriesByType: () => [] },
      PerformanceObserver,
      (callback: () => void, ms: number) => timers.push({ callback, ms }),
    );
    expect(appended).toEqual([]);
    listeners.load?.();
    expect(appended).toEqual([]);
    painted?.();
    nextTimer();
    expect(appended).toEqual([
      { tag: "link", props: { rel: "modulepreload", href: "/a.js" } },
      { tag: "link", props: { rel: "modulepreload", href: "/b.js" } },
      { tag: "script", props: { type: "module", nonce: "n1", textContent: routeModules } },
    ]);
    nextTimer(); // the 3 s fallback finds nothing left to do
    expect(appended).toHaveLength(3);
  });
});
