import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Every script a page loads at first, as one text: the modules its HTML names (preloads, the entry's
 * imports) and all they import statically. What is loaded later belongs to another page. For the
 * checks that a page's JavaScript carries its own language only (docs/decisions/0030).
 */
export async function pageScripts(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const queue = [
    ...html.matchAll(/<(?:link rel="modulepreload"|script type="module")[^>]*?(?:href|src)="([^"]+\.js)"/g),
    ...html.matchAll(/import\("([^"]+\.js)"\)|(?:from|import)\s*"(\/[^"]+\.js)"/g),
  ].map((m) => new URL(m[1] ?? m[2] ?? "", "http://h/").pathname);
  const texts = new Map<string, string>();
  while (queue.length > 0) {
    const src = queue.shift() ?? "";
    if (texts.has(src)) continue;
    const text = await (await request.get(src)).text();
    texts.set(src, text);
    // Static imports only (`from"./x.js"`, `import"./x.js"`).
    for (const m of text.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g))
      queue.push(new URL(m[1] ?? "", `http://h${src}`).pathname);
  }
  expect(texts.size).toBeGreaterThan(3);
  return [...texts.values()].join("\n");
}
