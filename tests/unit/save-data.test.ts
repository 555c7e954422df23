import { Parser } from "htmlparser2";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import { type Stylesheets, saveDataPage, wantsSaveData } from "#app/server/platform/save-data.server.ts";
import { parseStyleSheet } from "#app/server/platform/used-styles.server.ts";
import { XSS_VECTORS } from "../e2e/xss-vectors.ts";

// Public pages for visitors saving data (docs/decisions/0031): the rendered page without scripts
// and pictures, its styles inside it.

const QR = "data:image/svg+xml,%3Csvg%20xmlns=&#x27;http://www.w3.org/2000/svg&#x27;%3E%3C/svg%3E";
const SHEETS: Record<string, string> = {
  "/assets/root-A.css": ".flex{display:flex}.hidden{display:none}@media print{.print\\:block{display:block}}",
  "/assets/frame-B.css": ".prose-content p{margin:0}.unused{color:red}",
};
const stylesheets: Stylesheets = (href) => (SHEETS[href] ? parseStyleSheet(SHEETS[href]) : null);

/** A public page shaped as React Router 8 and app/entry.server.tsx write it (scripts deferred). */
const PAGE = [
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><title>Real Numbers</title>',
  '<link rel="icon" href="/favicon.ico" sizes="32x32"/>',
  '<script type="application/ld+json">{"@context":"https://schema.org","name":"A \\u003cb\\u003e"}</script>',
  '<link rel="modulepreload" href="/assets/entry.client-B.js"/>',
  '<link nonce="n1" rel="stylesheet" href="/assets/root-A.css"/><link nonce="n1" rel="stylesheet" href="/assets/frame-B.css"/>',
  '</head><body class="flex"><header><a href="/" data-discover="true">Home</a></header>',
  '<main><p>3 <!-- -->chapters</p><figure class="hidden print:block"><img src="',
  QR,
  '" alt="QR code of this chapter&#x27;s address" width="112" height="112"/></figure>',
  '<picture><source type="image/webp" srcSet="/media/a.webp 480w"/><img src="/media/a.png" alt="A cell &amp; its parts" class="flex"/></picture>',
  '<div class="prose-content"><p>Note <img src="https://example.org/x.png" alt=""/>end</p></div>',
  '<video src="/media/v.mp4"><source src="/media/v.webm"/>Your browser</video>',
  '<iframe src="https://www.youtube.com/embed/x"></iframe>',
  '<form><noscript><button type="submit" class="flex">Show chapters</button></noscript></form></main>',
  '<script nonce="n1">window.__reactRouterContext = {"a":"\\u003c/script\\u003e"};</script>',
  '<script nonce="n1" type="text/x-deferred-module" id="cw-hydrate" data-preload="/assets/root-A.js">import("/a.js");</script>',
  '<script nonce="n1">(function loadScriptsAfterPaint(id){})("cw-hydrate")</script></body></html>',
].join("");

const saved = (html: string, sheets: Stylesheets | null = stylesheets) =>
  saveDataPage(Buffer.from(html, "utf8"), sheets).toString("utf8");

type Element = { name: string; attributes: Record<string, string>; text: string };
/** The elements of a page as an HTML parser reads them (scripts and styles as raw text), with their text. */
function elementsOf(html: string): Element[] {
  const all: Element[] = [];
  const open: Element[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = { name, attributes, text: "" };
        all.push(element);
        open.push(element);
      },
      ontext(text) {
        for (const element of open) element.text += text;
      },
      onclosetag() {
        open.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return all;
}

describe("Save-Data: on", () => {
  it("is asked for with the token `on`, in any case, perhaps with parameters", () => {
    for (const header of ["on", "On", " ON ", "on; ect=2g", "foo, on"])
      expect(wantsSaveData(header), header).toBe(true);
    for (const header of [null, undefined, "", "off", "0", "?1", "only", "onn", "no"])
      expect(wantsSaveData(header), String(header)).toBe(false);
  });
});

describe("the Save-Data form of a page", () => {
  it("has no script but its structured data, no preload and no picture but QR codes", () => {
    const page = saved(PAGE);
    const elements = elementsOf(page);
    const scripts = elements.filter((e) => e.name === "script");
    expect(scripts.map((s) => s.attributes.type)).toEqual(["application/ld+json"]);
    expect(scripts[0]?.text).toBe('{"@context":"https://schema.org","name":"A \\u003cb\\u003e"}');
    expect(elements.filter((e) => e.name === "img").map((e) => e.attributes.src)).toEqual([
      QR.replaceAll("&#x27;", "'"),
    ]);
    for (const name of ["picture", "source", "video", "iframe", "noscript"])
      expect(
        elements.some((e) => e.name === name),
        name,
      ).toBe(false);
    expect(page).not.toContain("modulepreload");
    expect(page).not.toContain("__reactRouterContext");
    expect(page).not.toContain("Your browser");
    expect(page).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32"/>');
  });

  it("says in words what a picture showed, where it stood, and nothing for a decorative one", () => {
    const page = saved(PAGE);
    expect(page).toContain("<i>[A cell &amp; its parts]</i>");
    expect(page).toContain("<p>Note end</p>");
  });

  it("goes without what is marked for another phone (the app's QR code and its line), words and all", () => {
    const footer =
      '<html><head></head><body><div><img data-save-data-omit="" src="data:image/svg+xml,x" alt="QR code to download the app">' +
      '<p data-save-data-omit="" class="a">Scan the <b>code</b></p><p>Kept line</p>' +
      '<p id="t">Free in the app. <span data-save-data-omit="">Scan the QR or open the store.</span></p>' +
      '<figure data-save-data-omit=""><img src="data:image/svg+xml,z" alt="QR code of the app"><figcaption>Scan it</figcaption></figure>' +
      '<img src="data:image/svg+xml,y" alt="QR code of this chapter"><a href="/app">Get the App</a></div></body></html>';
    const page = saved(footer, null);
    expect(page).not.toContain("download the app");
    expect(page).not.toContain("Scan the");
    expect(page).not.toContain("QR code of the app");
    expect(page).not.toContain("Scan it");
    expect(page).not.toContain("data-save-data-omit");
    expect(page).toContain("<p>Kept line</p>");
    expect(page).toContain('<p id="t">Free in the app. </p>');
    expect(page).toContain('alt="QR code of this chapter"');
    expect(page).toContain('<a href="/app">Get the App</a>');
  });

  it("shows what <noscript> held, and drops React's hydration markers and React Router's link marks", () => {
    const page = saved(PAGE);
    expect(page).toContain('<form><button type="submit" class="a">Show chapters</button></form>');
    expect(page).toContain("<p>3 chapters</p>");
    expect(page).toContain('<a href="/">Home</a>');
  });

  it("carries the rules it uses inside it, with short class names, where its first stylesheet was", () => {
    const page = saved(PAGE);
    expect(page).not.toContain('rel="stylesheet"');
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";
    expect(page.indexOf("<style>")).toBeLessThan(page.indexOf("</head>"));
    // flex is the most used class, so it is "a"; the unused rule is gone, the print one stays.
    expect(style).toContain(".a{display:flex}");
    expect(style).toMatch(/\.\w+\{display:none\}@media print\{\.\w+\{display:block\}\}/);
    expect(style).toMatch(/\.\w+ p\{margin:0\}/);
    expect(style).not.toContain("color:red");
    expect(page).toContain('<body class="a">');
    expect(page).not.toMatch(/class="[^"]*(flex|hidden|prose-content)/);
  });

  it("keeps its stylesheet links and class names when a sheet is not at hand (development)", () => {
    for (const sheets of [null, (href: string) => (href.includes("root") ? stylesheets(href) : null)]) {
      const page = saved(PAGE, sheets);
      expect(page).toContain('<link nonce="n1" rel="stylesheet" href="/assets/root-A.css"/>');
      expect(page).toContain('<link nonce="n1" rel="stylesheet" href="/assets/frame-B.css"/>');
      expect(page).toContain('<body class="flex">');
      expect(page).not.toContain("<style>");
      expect(page).not.toContain("<script nonce");
    }
  });

  it("drops a script a page cut short never closed, to the end", () => {
    expect(saved("<html><body><p>x</p><script>let a = 1 < 2;")).toBe("<html><body><p>x</p>");
    expect(saved('<p title="a">b</p><script type="application/ld+json">{}')).toBe(
      '<p title="a">b</p><script type="application/ld+json">{}',
    );
  });

  it("never throws, whatever it is given", () => {
    for (const html of [
      "",
      "<",
      "<<",
      "</",
      "<!",
      "<!--",
      "<a",
      '<a b="',
      "<a b='c",
      "<script",
      "<style>",
      "<img",
      "</>",
    ]) {
      expect(() => saved(html), html).not.toThrow();
    }
  });

  it("cannot be broken by what visitors and editors write: titles, attributes, notes and alt text", () => {
    for (const vector of XSS_VECTORS) {
      // As React renders it: text and attributes escaped, a note's HTML sanitized first.
      const html = renderToString(
        h(
          "html",
          null,
          h(
            "head",
            null,
            h("title", null, vector),
            h("meta", { name: "description", content: vector }),
            h("link", { rel: "stylesheet", href: "/assets/root-A.css" }),
          ),
          h(
            "body",
            { className: "flex" },
            h("h1", { title: vector }, vector),
            h("div", {
              className: "prose-content",
              dangerouslySetInnerHTML: { __html: sanitizeRichText(vector) },
            }),
            h("img", { src: "/media/a.png", alt: vector }),
            h("p", { id: "last" }, "The end"),
            h("script", {
              dangerouslySetInnerHTML: { __html: `window.__context = ${JSON.stringify(vector)}` },
            }),
          ),
        ),
      );
      const page = saved(html);
      const elements = elementsOf(page);
      const names = elements.map((e) => e.name);
      expect(
        names.filter((n) => ["script", "iframe", "object", "embed"].includes(n)),
        vector,
      ).toEqual([]);
      expect(names.includes("img"), vector).toBe(false);
      expect(elements.find((e) => e.name === "h1")?.text, vector).toBe(vector);
      expect(elements.find((e) => e.name === "h1")?.attributes.title, vector).toBe(vector);
      expect(elements.find((e) => e.name === "title")?.text, vector).toBe(vector);
      const alt = vector.trim();
      if (alt) expect(elements.find((e) => e.name === "i")?.text, vector).toBe(`[${alt}]`);
      expect(elements.find((e) => e.attributes.id === "last")?.text, vector).toBe("The end");
      expect(page, vector).toContain("<style>.a{display:flex}</style>");
    }
  });
});
