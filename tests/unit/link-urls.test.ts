import { describe, expect, it } from "vitest";
import { linkHost, linksInHtml, normaliseLinkUrl, replaceHrefs, withoutHrefs } from "#app/lib/link-urls.ts";

describe("link URLs as link health counts them", () => {
  it("normalises scheme, host, default port and fragment; keeps path and query", () => {
    expect(normaliseLinkUrl(" HTTPS://WWW.Example.COM:443/Path/Page?Q=1#Top ")).toBe(
      "https://www.example.com/Path/Page?Q=1",
    );
    expect(normaliseLinkUrl("http://example.com:80")).toBe("http://example.com/");
    expect(normaliseLinkUrl("http://example.com:8080/a")).toBe("http://example.com:8080/a");
    for (const other of ["mailto:a@b.c", "javascript:alert(1)", "ftp://x.example/", "/relative", "", null])
      expect(normaliseLinkUrl(other)).toBeNull();
    expect(linkHost("http://example.com:8080/a")).toBe("example.com:8080");
  });

  it("finds the http(s) hrefs of stored HTML, decoded, each once", () => {
    const html = `<p><a href="https://a.example/x?y=1&amp;z=2" target="_blank">a</a>
      <a title="a > b" href='https://A.example/x?y=1&z=2#f'>again</a>
      <a href=https://b.example/>bare</a> <a href="mailto:x@y.z">mail</a>
      <img src="https://img.example/p.png"> data-href="https://no.example/"</p>`;
    expect(linksInHtml(html)).toEqual(["https://a.example/x?y=1&z=2", "https://b.example/"]);
  });

  it("rewrites only the href attributes it is asked to, leaving the rest byte for byte", () => {
    const html = `<p class="x"><a href="https://old.example/a" rel="noopener">old</a> text https://old.example/a <a href="https://kept.example/">kept</a></p>`;
    const out = replaceHrefs(html, (href) =>
      normaliseLinkUrl(href) === "https://old.example/a" ? 'https://new.example/a?b=1&c="2"' : null,
    );
    expect(out).toBe(
      `<p class="x"><a href="https://new.example/a?b=1&amp;c=&quot;2&quot;" rel="noopener">old</a> text https://old.example/a <a href="https://kept.example/">kept</a></p>`,
    );
    expect(replaceHrefs(html, () => null)).toBe(html);
  });

  it("takes the href off links to hidden addresses, however they are spelled, and keeps their words", () => {
    const html = `<p><a href="HTTPS://Gone.Example/page#top" target="_blank" rel="noopener noreferrer">Gone notes</a> and <a target="_blank" href='https://gone.example/page'>again</a>, <a href="https://fine.example/">fine</a>; https://gone.example/page in text.</p>`;
    expect(withoutHrefs(html, new Set(["https://gone.example/page"]))).toBe(
      `<p><a target="_blank" rel="noopener noreferrer">Gone notes</a> and <a target="_blank">again</a>, <a href="https://fine.example/">fine</a>; https://gone.example/page in text.</p>`,
    );
    expect(withoutHrefs(html, new Set())).toBe(html);
    expect(withoutHrefs(html, new Set(["https://elsewhere.example/"]))).toBe(html);
  });
});
