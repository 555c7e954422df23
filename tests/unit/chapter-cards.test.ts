import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ChapterGrid } from "#app/components/public/chapter-cards.tsx";
import { FrameCopyProvider } from "#app/components/site/frame-copy.tsx";
import { frameCopy } from "#app/content/frame-copy.ts";
import { frameCopy as hindiFrameCopy } from "#app/content/hi/frame-copy.ts";

// The class page's cards are written as one HTML string (docs/decisions/0042). What they must come to:
// the markup React rendered from the cards' components before (2026-11-29), for titles and addresses
// in any script and hostile ones; React writes an apostrophe as &#x27;, the escaper as &#39;.
const CARDS = [
  { id: 1, title: "Real Numbers", slug: "real-numbers", notes: 2, links: 6, status: "in" as const },
  {
    id: 2,
    title: `<script>alert("x")</script> & 'quotes'`,
    slug: "a-b",
    notes: 0,
    links: 0,
    status: "new" as const,
  },
  { id: 3, title: "प्रकाश – परावर्तन", slug: "प्रकाश-परावर्तन", notes: 1, links: 0, status: "out" as const },
  { id: 4, title: "Sources of Energy", slug: 'x"onmouseover="y', notes: 0, links: 1, status: "in" as const },
];

const AS_REACT_RENDERED = {
  en: '<ul class="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3"><li class="chapter-card"><h3 class="chapter-card-title">Real Numbers</h3><p class="chapter-card-text">Notes, important questions and video lectures for this chapter.</p><p class="chapter-card-contents"><span class="chapter-card-holds">2 notes · 6 links</span></p><a href="/class/10/chapter/real-numbers" class="chapter-card-link"><span>View Resources<span class="sr-only"> for Real Numbers</span></span><span aria-hidden="true">→</span></a></li><li class="chapter-card"><p class="mb-2"><span class="inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold border-green-300 bg-green-50 text-green-800">New in 2026-27</span></p><h3 class="chapter-card-title">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</h3><p class="chapter-card-text">Notes, important questions and video lectures for this chapter.</p><p class="chapter-card-contents"><span class="chapter-card-empty">Coming soon</span></p><a href="/class/10/chapter/a-b" class="chapter-card-link"><span>View Resources<span class="sr-only"> for &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</span></span><span aria-hidden="true">→</span></a></li><li class="chapter-card"><p class="mb-2"><span class="inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold border-amber-300 bg-amber-50 text-amber-900">Not in 2026-27 syllabus</span></p><h3 class="chapter-card-title">प्रकाश – परावर्तन</h3><p class="chapter-card-text">Notes, important questions and video lectures for this chapter.</p><p class="chapter-card-contents"><span class="chapter-card-holds">1 note</span></p><a href="/class/10/chapter/प्रकाश-परावर्तन" class="chapter-card-link"><span>View Resources<span class="sr-only"> for प्रकाश – परावर्तन</span></span><span aria-hidden="true">→</span></a></li><li class="chapter-card"><h3 class="chapter-card-title">Sources of Energy</h3><p class="chapter-card-text">Notes, important questions and video lectures for this chapter.</p><p class="chapter-card-contents"><span class="chapter-card-holds">1 link</span></p><a href="/class/10/chapter/x&quot;onmouseover=&quot;y" class="chapter-card-link"><span>View Resources<span class="sr-only"> for Sources of Energy</span></span><span aria-hidden="true">→</span></a></li></ul>',
  hi: '<ul class="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3"><li class="chapter-card"><h3 class="chapter-card-title">Real Numbers</h3><p class="chapter-card-text">इस अध्याय के Notes, महत्वपूर्ण प्रश्न और वीडियो लेक्चर।</p><p class="chapter-card-contents"><span class="chapter-card-holds">2 Notes · 6 लिंक</span></p><a href="/hi/class/10/chapter/real-numbers" class="chapter-card-link"><span>संसाधन देखें<span class="sr-only">: Real Numbers</span></span><span aria-hidden="true">→</span></a></li><li class="chapter-card"><p class="mb-2"><span class="inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold border-green-300 bg-green-50 text-green-800">2026-27 में नया</span></p><h3 class="chapter-card-title">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</h3><p class="chapter-card-text">इस अध्याय के Notes, महत्वपूर्ण प्रश्न और वीडियो लेक्चर।</p><p class="chapter-card-contents"><span class="chapter-card-empty">जल्द आ रहा है</span></p><a href="/hi/class/10/chapter/a-b" class="chapter-card-link"><span>संसाधन देखें<span class="sr-only">: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</span></span><span aria-hidden="true">→</span></a></li><li class="chapter-card"><p class="mb-2"><span class="inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold border-amber-300 bg-amber-50 text-amber-900">2026-27 के पाठ्यक्रम में नहीं</span></p><h3 class="chapter-card-title">प्रकाश – परावर्तन</h3><p class="chapter-card-text">इस अध्याय के Notes, महत्वपूर्ण प्रश्न और वीडियो लेक्चर।</p><p class="chapter-card-contents"><span class="chapter-card-holds">1 Note</span></p><a href="/hi/class/10/chapter/प्रकाश-परावर्तन" class="chapter-card-link"><span>संसाधन देखें<span class="sr-only">: प्रकाश – परावर्तन</span></span><span aria-hidden="true">→</span></a></li><li class="chapter-card"><h3 class="chapter-card-title">Sources of Energy</h3><p class="chapter-card-text">इस अध्याय के Notes, महत्वपूर्ण प्रश्न और वीडियो लेक्चर।</p><p class="chapter-card-contents"><span class="chapter-card-holds">1 लिंक</span></p><a href="/hi/class/10/chapter/x&quot;onmouseover=&quot;y" class="chapter-card-link"><span>संसाधन देखें<span class="sr-only">: Sources of Energy</span></span><span aria-hidden="true">→</span></a></li></ul>',
};

function grid(copy: typeof frameCopy, chapters = CARDS): string {
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(
        FrameCopyProvider,
        { value: copy },
        createElement(ChapterGrid, { grade: 10, year: 2026, chapters }),
      ),
    ),
  );
}

describe("the class page's chapter cards", () => {
  it("are the markup React rendered, in English and in Hindi", () => {
    expect(grid(frameCopy)).toBe(AS_REACT_RENDERED.en);
    expect(grid(hindiFrameCopy)).toBe(AS_REACT_RENDERED.hi);
  });

  it("never let a title or an address out of its text or attribute", () => {
    const html = grid(frameCopy);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('"onmouseover');
    expect(html).toContain('href="/class/10/chapter/x&quot;onmouseover=&quot;y"');
  });

  it("are an empty list when there are none", () => {
    expect(grid(frameCopy, [])).toBe(
      '<ul class="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3"></ul>',
    );
  });
});
