import { describe, expect, it } from "vitest";
import { chapterPageCopy as english } from "#app/content/chapter-page-copy.ts";
import { chapterPageCopy as hindi } from "#app/content/hi/chapter-page-copy.ts";
import {
  CHAPTER_PAGE,
  chapterPageOf,
  LINK_ITEM,
  REPORT_OUTCOMES,
  reportedAddress,
  reportedIn,
  withoutReportAnswer,
} from "#app/lib/link-report.ts";
import { pageKey } from "#app/server/platform/page-key.server.ts";

describe("Report broken link: the way back to the chapter page", () => {
  it("carries the answer and the link, lands on the item, and is never a stored page", () => {
    const to = reportedAddress(
      "/class/10/chapter/light",
      "thanks",
      "https://example.com/a?b=1&c#d",
      "lectures-2",
    );
    expect(to).toBe(
      "/class/10/chapter/light?report=thanks&link=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%23d#lectures-2",
    );
    const url = new URL(`http://site${to}`);
    expect(reportedIn(url.searchParams)).toEqual({ outcome: "thanks", url: "https://example.com/a?b=1&c#d" });
    expect(pageKey(to)).toBeNull();
  });

  it("leaves out an item id that is not one of the page's", () => {
    expect(reportedAddress("/class/9/chapter/x", "gone", "https://e.com/", "#evil")).not.toContain("#");
  });

  it("reads nothing from an address without a known answer and a link", () => {
    for (const query of ["", "report=thanks", "link=https://e.com", "report=pwned&link=https://e.com"]) {
      expect(reportedIn(new URLSearchParams(query)), query).toBeNull();
    }
  });

  it("has words for every answer in both languages, and the contract's thanks", () => {
    expect(english.report.answers.thanks).toBe("Thanks! We'll check this link.");
    for (const copy of [english, hindi])
      for (const outcome of REPORT_OUTCOMES) expect(copy.report.answers[outcome].length).toBeGreaterThan(10);
  });

  it("takes only this site's chapter pages and the page's item ids", () => {
    expect(CHAPTER_PAGE.test("/class/12/chapter/thermodynamics-2")).toBe(true);
    // The Hindi chapter page too: its visitor comes back to it.
    expect(CHAPTER_PAGE.test("/hi/class/10/chapter/real-numbers")).toBe(true);
    for (const page of [
      "/class/13/chapter/x",
      "/hi/hi/class/10/chapter/x",
      "/en/class/10/chapter/x",
      "//evil.example/class/9/chapter/x",
      "https://evil.example/",
      "/class/9/chapter/x?y",
      "/blog/x",
    ]) {
      expect(CHAPTER_PAGE.test(page), page).toBe(false);
    }
    expect(chapterPageOf("/class/12/chapter/thermodynamics-2")).toBe("/class/12/chapter/thermodynamics-2");
    expect(chapterPageOf("/class/9/chapter/x?y")).toBeNull();
    expect(LINK_ITEM.test("questions-12")).toBe(true);
    expect(LINK_ITEM.test("questions-12\n")).toBe(false);
  });

  it("takes a chapter page whose slug is in Devanagari, raw or percent-encoded, in either language", () => {
    const slug = "वास्तविक-संख्याएँ";
    for (const lang of ["", "/hi"]) {
      const page = `${lang}/class/10/chapter/${slug}`;
      expect(CHAPTER_PAGE.test(page), page).toBe(true);
      expect(chapterPageOf(page)).toBe(page);
      const encoded = `${lang}/class/10/chapter/${encodeURIComponent(slug)}`;
      expect(CHAPTER_PAGE.test(encoded), encoded).toBe(true);
      expect(chapterPageOf(encoded)).toBe(page);
      // Lowercase hex, and a phone's decomposed (NFD) spelling, are the same page.
      expect(chapterPageOf(encoded.toLowerCase())).toBe(page);
      expect(chapterPageOf(`${lang}/class/10/chapter/${"सूरदास-के-पद".normalize("NFD")}`)).toBe(
        `${lang}/class/10/chapter/सूरदास-के-पद`,
      );
    }
    // A Latin slug as an address may spell it: any case, percent-encoded.
    expect(chapterPageOf("/class/10/chapter/Real-%4Eumbers")).toBe("/class/10/chapter/real-numbers");
  });

  it("refuses what only looks like a chapter page once decoded", () => {
    for (const page of [
      "/class/10/chapter/a%2Fb", // a second path segment
      "/class/10/chapter/%2E%2E", // ..
      "/class/10/chapter/%3Fx", // a query
      "/class/10/chapter/%E0%A4", // malformed UTF-8
      "/class/10/chapter/%", // not an escape
      "/class/10/chapter/a%20b", // a space
      "/class/10/chapter/-", // no letter or digit
      "/class/10/chapter/%E0%A5%8D", // a mark alone
      "/class/10/chapter/<script>",
      "/class/10/chapter/",
      `/class/10/chapter/${"क".repeat(1_001)}`,
    ]) {
      expect(chapterPageOf(page), page).toBeNull();
    }
  });

  it("sends the visitor back to a Devanagari chapter page with its slug percent-encoded (a Location is ASCII)", () => {
    const page = "/hi/class/10/chapter/वास्तविक-संख्याएँ";
    const to = reportedAddress(page, "thanks", "https://ncert.nic.in/textbook/pdf/jhmh101.pdf", "official-1");
    expect(to).toBe(
      `/hi/class/10/chapter/${encodeURIComponent("वास्तविक-संख्याएँ")}?report=thanks&link=https%3A%2F%2Fncert.nic.in%2Ftextbook%2Fpdf%2Fjhmh101.pdf#official-1`,
    );
    expect(to).toMatch(/^[\x21-\x7e]+$/);
    expect(decodeURIComponent(new URL(`http://site${to}`).pathname)).toBe(page);
    expect(pageKey(to)).toBeNull();
  });

  it("names every parameter of a report's answer, so another page's address leaves them all out", () => {
    const to = reportedAddress("/class/10/chapter/light", "later", "https://e.com/x", "notes-1");
    const query = new URL(`http://site${to}`).searchParams;
    expect([...withoutReportAnswer(query).keys()]).toEqual([]);
    const mixed = new URLSearchParams(`type=mcq&${query}&lang=hi`);
    expect(String(withoutReportAnswer(mixed))).toBe("type=mcq&lang=hi");
    // The query it was given is left as it was.
    expect(mixed.get("report")).toBe("later");
  });
});
