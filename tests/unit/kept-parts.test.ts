import { createElement as h, type ReactNode, useId } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KeptPart, PartKeeperProvider } from "#app/components/kept-part.tsx";
import { navState } from "#app/components/site/site-data.ts";
import { partIn, partKeeper } from "#app/server/platform/kept-parts.server.ts";

/** A stand-in for the top bar: its HTML depends on its inputs, and on where it stands (useId). */
function Bar({ label, extra }: { label: string; extra?: string }) {
  const id = useId();
  return h(
    KeptPart,
    { tag: "header", part: "top-bar", inputs: { label }, className: "bar" },
    h("label", { htmlFor: id }, label, " ", "search"),
    h("input", { id }),
    extra ? h("span", null, extra) : null,
  );
}

function page(children: ReactNode, keeper: ReturnType<typeof partKeeper> | null) {
  return renderToString(
    h(PartKeeperProvider, { value: keeper }, h("div", null, h("main", null, "content"), children)),
  );
}

/** Renders as entry.server does: a keeper per page, kept parts taken from the whole page. */
function served(children: ReactNode, nonce = "n0nce") {
  const keeper = partKeeper();
  const html = page(children, keeper);
  keeper.keepFrom(Buffer.from(html), nonce);
  return html;
}

describe("parts kept from one render for the next", () => {
  it("sends the bytes React made in place, and only for the same inputs", () => {
    const inPlace = page(h(Bar, { label: "Chapter-Wise 1" }), null);
    expect(served(h(Bar, { label: "Chapter-Wise 1" }))).toBe(inPlace);
    // Kept: a later render sends the kept HTML, whatever its children would make now.
    expect(served(h(Bar, { label: "Chapter-Wise 1", extra: "not rendered" }))).toBe(inPlace);
    // Other inputs are another part.
    const other = served(h(Bar, { label: "Chapter-Wise 2" }));
    expect(other).toBe(page(h(Bar, { label: "Chapter-Wise 2" }), null));
    expect(other).not.toBe(inPlace);
  });

  it("keeps nothing that holds the response's nonce", () => {
    const nonce = "secret-nonce-1";
    served(h(Bar, { label: nonce }), nonce);
    expect(served(h(Bar, { label: nonce, extra: "rendered again" }), nonce)).toContain("rendered again");
  });

  it("renders in place, and keeps nothing, without a keeper (the browser, development)", () => {
    expect(page(h(Bar, { label: "no keeper", extra: "x" }), null)).toContain("<span>x</span>");
  });
});

describe("partIn", () => {
  const doc = (inner: string) =>
    `<html><body><header data-part="top-bar" class="a&gt;b">${inner}</header><main>m</main></body></html>`;
  it("cuts the element's inner HTML, beyond ASCII too", () => {
    expect(partIn(Buffer.from(doc('<a href="/">कक्षा 10 – home</a>')), "header", "top-bar")).toBe(
      '<a href="/">कक्षा 10 – home</a>',
    );
    expect(partIn(Buffer.from(doc("")), "header", "top-bar")).toBe("");
  });
  it("refuses a page where the part is missing, twice, of another tag or holding its own tag", () => {
    expect(partIn(Buffer.from("<main>none</main>"), "header", "top-bar")).toBeNull();
    expect(partIn(Buffer.from(doc("x") + doc("y")), "header", "top-bar")).toBeNull();
    expect(partIn(Buffer.from(doc("x")), "footer", "top-bar")).toBeNull();
    expect(partIn(Buffer.from(doc("<header>inner</header>")), "header", "top-bar")).toBeNull();
    expect(partIn(Buffer.from('<header data-part="top-bar">never closed'), "header", "top-bar")).toBeNull();
  });
});

describe("navState", () => {
  it("marks the menu link leading here or above here, as NavLink did", () => {
    expect(navState("/")).toEqual({ current: "/", section: null });
    expect(navState("/class/10")).toEqual({ current: "/class/10", section: "classes" });
    expect(navState("/class/10/chapter/light")).toEqual({ current: "/class/10", section: "classes" });
    expect(navState("/Class/10/")).toEqual({ current: "/class/10", section: "classes" });
    expect(navState("/class/100")).toEqual({ current: null, section: "classes" });
    expect(navState("/guide/12")).toEqual({ current: "/guide/12", section: "guides" });
    expect(navState("/blog/a-post")).toEqual({ current: "/blog", section: null });
    expect(navState("/blogs")).toEqual({ current: null, section: null });
    expect(navState("/search")).toEqual({ current: null, section: null });
  });
});
