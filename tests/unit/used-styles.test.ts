import { describe, expect, it } from "vitest";
import { parseStyleSheet, usedStyles } from "#app/server/platform/used-styles.server.ts";

// Shaped like Tailwind v4's output as Vite minifies it (docs/decisions/0031).
const SHEET = [
  "/*! tailwindcss v4 | MIT License | https://tailwindcss.com */",
  "@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-space-y-reverse:0;--tw-border-style:solid}}}",
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-gray-900:oklch(21% .034 264.665);--color-red-600:#dc2626;--spacing:.25rem;",
  "--default-font-family:var(--font-sans);--font-sans:system-ui;--animate-spin:spin 1s linear infinite}}",
  "@layer base{*,:after,:before{box-sizing:border-box}html,:host{font-family:var(--default-font-family)}",
  "h1,h2{font-size:inherit}abbr:where([title]){text-decoration:underline dotted}ol,ul{list-style:none}}",
  "@layer utilities{.flex{display:flex}.grid{display:grid}.text-gray-900{color:var(--color-gray-900)}",
  ".text-red-600{color:var(--color-red-600)}.mt-4{margin-top:calc(var(--spacing) * 4)}",
  ":where(.space-y-2>:not(:last-child)){--tw-space-y-reverse:0;margin-block-start:calc(var(--spacing) * 2)}",
  ".border{border-style:var(--tw-border-style);border-width:1px}.animate-spin{animation:var(--animate-spin)}",
  ".\\[\\&_p\\]\\:my-2 p{margin-block:calc(var(--spacing) * 2)}.content-\\[\\'\\{\\'\\]{--tw-content:'{';content:var(--tw-content)}",
  ".peer:checked~.peer-checked\\:block{display:block}.x:not(.y){color:red}.a:is(.b,.c){color:blue}",
  "@media (width>=36rem){.sm\\:hidden{display:none}.sm\\:grid{display:grid}}",
  "@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}}",
  '@property --tw-space-y-reverse{syntax:"*";inherits:false;initial-value:0}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  "@keyframes spin{to{transform:rotate(360deg)}}@keyframes ping{75%,to{opacity:0}}",
  '.prose-content h2{font-size:1.35rem}.prose-content a[href^=http]:after{content:" (" attr(href) ")"}',
  "#content>main>section:not(:first-child){content-visibility:auto}",
].join("");

const sheet = parseStyleSheet(SHEET);
const page = (classes: string[], tags = ["html", "body", "div", "p"], reads: string[] = []) => ({
  classes: new Map(classes.map((c, i) => [c, classes.length - i])),
  tags: new Set(tags),
  reads: new Set(reads),
});
/** The CSS with each short class name written back as the class it stands for, to read the tests. */
const used = (classes: string[], tags?: string[], reads?: string[]) => {
  const { css, classNames } = usedStyles([sheet], page(classes, tags, reads));
  let readable = css;
  for (const [name, short] of classNames) readable = readable.replaceAll(`.${short}`, `.{${name}}`);
  return { css, readable, classNames };
};

describe("the style rules a page uses", () => {
  it("keeps the rules of the classes the page has and drops the others", () => {
    const { readable } = used(["flex", "mt-4"]);
    expect(readable).toContain(".{flex}{display:flex}");
    expect(readable).toContain(".{mt-4}{margin-top:calc(var(--");
    expect(readable).not.toContain("display:grid");
    expect(readable).not.toContain("color:var(");
  });

  it("reads Tailwind's escaped class names and keeps a group only when something in it is used", () => {
    const { readable } = used(["sm:hidden", "[&_p]:my-2", "content-['{']"]);
    expect(readable).toContain("@media (width>=36rem){.{sm:hidden}{display:none}}");
    expect(readable).not.toContain("sm:grid");
    expect(readable).toContain(".{[&_p]:my-2} p{margin-block:");
    // A brace inside a string is not the end of the rule.
    expect(readable).toContain(".{content-['{']}{--");
    expect(readable).toContain(":'{';content:var(--");
    expect(readable).not.toContain("hover:hover");
  });

  it("needs every class outside :not() and lists of alternatives, and inside :where() of one selector", () => {
    expect(used(["space-y-2"]).readable).toContain(":where(.{space-y-2}>:not(:last-child))");
    expect(used(["flex"]).readable).not.toContain("margin-block-start");
    expect(used(["peer-checked:block"]).readable).not.toContain("display:block");
    expect(used(["peer", "peer-checked:block"]).readable).toContain(
      ".{peer}:checked~.{peer-checked:block}{display:block}",
    );
    // :not(.y) and :is(.b,.c) need nothing; their class names are still written short.
    expect(used(["x"]).readable).toContain(".{x}:not(.{y}){color:red}");
    expect(used(["a"]).readable).toContain(".{a}:is(.{b},.{c}){color:blue}");
  });

  it("keeps element rules only for elements the page has, and rules that name none always", () => {
    const without = used([], ["html", "body", "div"]).readable;
    expect(without).not.toContain("h1");
    expect(without).not.toContain("abbr");
    expect(without).not.toContain("list-style");
    expect(without).not.toContain("content-visibility");
    expect(without).toContain("*,:after,:before{box-sizing:border-box}");
    const withHeadings = used([], ["html", "body", "main", "section", "h2"]).readable;
    expect(withHeadings).toContain("h2{font-size:inherit}");
    expect(withHeadings).not.toContain("h1");
    expect(withHeadings).toContain("#content>main>section:not(:first-child){content-visibility:auto}");
  });

  it("keeps only the custom properties, @property rules and keyframes that what it keeps reads", () => {
    const plain = used(["flex"]).css;
    expect(plain).not.toContain("oklch");
    expect(plain).not.toContain("@property");
    expect(plain).not.toContain("@keyframes");
    const colored = used(["text-gray-900"]);
    expect(colored.css).toContain("oklch(21% .034 264.665)");
    expect(colored.css).not.toContain("#dc2626");
    // What a kept property reads is kept too: the font family reads --font-sans.
    expect(colored.css).toContain(":system-ui");
    const bordered = used(["border"]).css;
    expect(bordered).toMatch(/@property --\w+\{syntax:"\*";inherits:false;initial-value:solid\}/);
    expect(bordered).not.toContain("initial-value:0}");
    const spinning = used(["animate-spin"]).css;
    expect(spinning).toContain("@keyframes spin{");
    expect(spinning).not.toContain("ping");
  });

  it("writes every class and custom property short, the same everywhere, the most used first", () => {
    const { css, classNames } = used(["text-gray-900", "flex", "border"]);
    expect(classNames.get("text-gray-900")).toBe("a");
    expect(classNames.get("flex")).toBe("b");
    expect(css).toContain(".b{display:flex}");
    expect(css).not.toMatch(/--(color|spacing|tw-|font)/);
    const color = /\.a\{color:var\((--\w+)\)\}/.exec(css)?.[1];
    expect(color).toBeDefined();
    expect(css).toContain(`${color}:oklch(21% .034 264.665)`);
    // Strings keep their text.
    expect(used(["content-['{']"]).css).toContain(":'{';");
  });

  it("leaves alone the custom properties the page's own style attributes name", () => {
    const { css } = used(["text-gray-900"], undefined, ["--color-gray-900"]);
    expect(css).toContain("--color-gray-900:oklch(");
    expect(css).toContain("color:var(--color-gray-900)");
  });

  it("keeps the licence, the layer order and the unlayered rules in their places", () => {
    const { readable } = used(["prose-content"], ["html", "body", "h2", "a"]);
    expect(readable.startsWith("/*! tailwindcss v4")).toBe(true);
    expect(readable).toContain("@layer theme,base,components,utilities;");
    expect(readable.indexOf("@layer utilities")).toBeLessThan(readable.indexOf(".{prose-content} h2"));
    expect(readable).toContain('.{prose-content} a[href^=http]:after{content:" (" attr(href) ")"}');
  });

  it("never throws on a broken sheet, and keeps what it cannot read", () => {
    for (const broken of [
      "",
      "}",
      "{",
      ".a{color:red",
      "@media (x{.a{b:c}",
      '.a{content:"}',
      "/* open",
      "a{}}}b{c:d}",
    ]) {
      expect(() => usedStyles([parseStyleSheet(broken)], page(["a"], ["a", "b"]))).not.toThrow();
    }
    expect(usedStyles([parseStyleSheet("@font-face{font-family:x}")], page([])).css).toBe(
      "@font-face{font-family:x}",
    );
  });
});
