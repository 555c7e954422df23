/**
 * The style rules a page uses: a built stylesheet (Tailwind's output as Vite minifies it) cut to the
 * rules whose selectors can match the page's classes and elements, with only the custom properties,
 * `@property` rules and keyframes those rules read. It lets a page carry its own styles and arrive
 * in one round trip (save-data.server.ts, docs/decisions/0031). A sheet is parsed once; cutting it
 * for a page is a walk over its rules.
 */

/** A stylesheet as parsed: rules and the at-rules that hold them, in order. */
export type StyleSheet = StyleNode[];

type StyleNode =
  | { kind: "rule"; selectors: Selector[]; declarations: Declaration[] }
  /** `@media`, `@supports`, `@layer x`, `@container`…: a condition around rules. */
  | { kind: "group"; prelude: string; nodes: StyleNode[] }
  /** Kept or dropped whole: `@property --x` and `@keyframes x` (when read), `@layer a,b;`, a licence. */
  | { kind: "whole"; text: string; property?: string; keyframes?: string };

/**
 * A selector, cut around each class name it holds (so each can be written shorter), and the class and
 * element names a page must have for it to match anything there (`selectorOf`).
 */
type Selector = { pieces: (string | { className: string })[]; classes: string[]; tags: string[] };
type Declaration = { text: string; property: string; reads: string[] };

/** What a page has that style rules look for. */
export type PageTraits = {
  /** Class names, each with how often the page uses it. */
  classes: ReadonlyMap<string, number>;
  /** Element names, lower case. */
  tags: ReadonlySet<string>;
  /** Custom properties the page's own `style` attributes name: kept, under their own names. */
  reads: ReadonlySet<string>;
};

/** Rules whose body is more rules. */
const GROUPS = new Set(["media", "supports", "layer", "container", "starting-style", "scope", "document"]);
const READS = /var\(\s*(--[\w-]+)/g;
/** Pseudo-classes an element matches only if what they hold (one selector) matches too. */
const NEEDED_INSIDE = new Set(["is", "where", "has"]);

/** Parses a stylesheet; anything it cannot read is kept whole, never lost. */
export function parseStyleSheet(css: string): StyleSheet {
  return parseNodes(css, { at: 0 });
}

function parseNodes(css: string, cursor: { at: number }): StyleNode[] {
  const nodes: StyleNode[] = [];
  while (cursor.at < css.length) {
    const start = skipSpace(css, cursor.at);
    if (start >= css.length) break;
    if (css[start] === "}") {
      cursor.at = start + 1;
      break;
    }
    if (css.startsWith("/*!", start)) {
      const end = css.indexOf("*/", start + 3);
      cursor.at = end < 0 ? css.length : end + 2;
      nodes.push({ kind: "whole", text: css.slice(start, cursor.at) });
      continue;
    }
    const stop = scanTo(css, start, "{;}");
    const prelude = css.slice(start, stop).trim();
    if (css[stop] !== "{") {
      // A statement (`@layer a,b;`), or what is left of a broken sheet.
      cursor.at = css[stop] === ";" ? stop + 1 : stop;
      if (prelude) nodes.push({ kind: "whole", text: `${prelude};` });
      continue;
    }
    const name = /^@(-?[\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
    if (name !== undefined && GROUPS.has(name)) {
      cursor.at = stop + 1;
      nodes.push({ kind: "group", prelude, nodes: parseNodes(css, cursor) });
      continue;
    }
    const end = blockEnd(css, stop);
    cursor.at = end + 1;
    const body = css.slice(stop + 1, end);
    if (name !== undefined) {
      const text = `${prelude}{${body}}`;
      const argument = prelude.slice(name.length + 1).trim();
      if (name === "property") nodes.push({ kind: "whole", text, property: argument });
      else if (name.endsWith("keyframes")) nodes.push({ kind: "whole", text, keyframes: argument });
      else nodes.push({ kind: "whole", text });
      continue;
    }
    nodes.push({
      kind: "rule",
      selectors: splitTopLevel(prelude, ",").map(selectorOf),
      declarations: declarationsOf(body),
    });
  }
  return nodes;
}

/**
 * The page's share of its sheets, as one CSS text, with each class name it keeps written short
 * (`a`, `b`… `aa`, the page's most used first): `classNames` says which name stands for which, and
 * a class the page uses that no rule reads has none.
 */
export function usedStyles(
  sheets: StyleSheet[],
  page: PageTraits,
): { css: string; classNames: ReadonlyMap<string, string> } {
  const matching = matchingNodes(sheets.flat(), page);
  // Custom properties are kept when something kept reads them, and so is what they read in turn.
  const read = new Set(page.reads);
  const named = new Set<string>();
  visit(matching, (node) => {
    if (node.kind === "whole" && node.property === undefined)
      for (const m of node.text.matchAll(READS)) read.add(m[1] as string);
    if (node.kind !== "rule") return;
    for (const d of node.declarations) if (!d.property.startsWith("--")) for (const r of d.reads) read.add(r);
    for (const s of node.selectors)
      for (const p of s.pieces) if (typeof p !== "string") named.add(p.className);
  });
  for (let grew = true; grew; ) {
    grew = false;
    visit(matching, (node) => {
      if (node.kind !== "rule") return;
      for (const d of node.declarations) {
        if (!d.property.startsWith("--") || !read.has(d.property)) continue;
        for (const r of d.reads) {
          if (read.has(r)) continue;
          read.add(r);
          grew = true;
        }
      }
    });
  }
  const uses = (name: string) => page.classes.get(name) ?? 0;
  const classNames = new Map(
    [...named].sort((a, b) => uses(b) - uses(a)).map((name, i) => [name, shortName(i)]),
  );
  // Every class name a kept selector holds has its short name (plain letters: nothing to escape).
  const rename = (name: string) => classNames.get(name) ?? name;
  // Keyframes are kept when what is kept names them (`--animate-spin: spin 1s…`).
  const withoutKeyframes = serialize(matching, read, rename, () => false);
  const css = serialize(matching, read, rename, (name) =>
    new RegExp(`(^|[^\\w-])${escapeRegExp(name)}([^\\w-]|$)`).test(withoutKeyframes),
  );
  return { css: withShortCustomNames(css, page.reads), classNames };
}

/**
 * The CSS with each custom property (`--color-gray-900`) and dashed name (`--menu-classes`) written
 * short (`--a`), the most used first; those the page's `style` attributes name keep theirs. Only this
 * CSS uses them, so only it needs to agree with itself. Strings are left alone.
 */
function withShortCustomNames(css: string, kept: ReadonlySet<string>): string {
  const pieces = css.split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/);
  const uses = new Map<string, number>();
  pieces.forEach((piece, i) => {
    if (i % 2 === 0)
      for (const [name] of piece.matchAll(CUSTOM_NAME)) uses.set(name, (uses.get(name) ?? 0) + 1);
  });
  const names = new Map<string, string>();
  let n = 0;
  for (const name of [...uses.keys()].sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0))) {
    if (kept.has(name)) continue;
    let short = `--${shortName(n++)}`;
    while (kept.has(short)) short = `--${shortName(n++)}`;
    names.set(name, short);
  }
  return pieces
    .map((piece, i) => (i % 2 === 0 ? piece.replace(CUSTOM_NAME, (name) => names.get(name) ?? name) : piece))
    .join("");
}
const CUSTOM_NAME = /(?<![\w-])--[\w-]+/g;

/** `a`…`z`, `aa`…`zz`, `aaa`…: the n-th short class name. */
function shortName(n: number): string {
  let name = "";
  for (let i = n; i >= 0; i = Math.floor(i / 26) - 1) name = String.fromCharCode(97 + (i % 26)) + name;
  return name;
}

/** The nodes with the selectors that can match the page; groups left empty are dropped. */
function matchingNodes(nodes: StyleNode[], page: PageTraits): StyleNode[] {
  const kept: StyleNode[] = [];
  for (const node of nodes) {
    if (node.kind === "whole") kept.push(node);
    else if (node.kind === "group") {
      const inner = matchingNodes(node.nodes, page);
      if (inner.length > 0) kept.push({ ...node, nodes: inner });
    } else {
      const selectors = node.selectors.filter(
        (s) => s.classes.every((c) => page.classes.has(c)) && s.tags.every((t) => page.tags.has(t)),
      );
      if (selectors.length > 0) kept.push({ ...node, selectors });
    }
  }
  return kept;
}

function serialize(
  nodes: StyleNode[],
  read: ReadonlySet<string>,
  rename: (className: string) => string,
  keyframesUsed: (name: string) => boolean,
): string {
  let css = "";
  for (const node of nodes) {
    if (node.kind === "whole") {
      if (node.property !== undefined && !read.has(node.property)) continue;
      if (node.keyframes !== undefined && !keyframesUsed(node.keyframes)) continue;
      css += node.text;
    } else if (node.kind === "group") {
      const inner = serialize(node.nodes, read, rename, keyframesUsed);
      // `@layer x{}` still places layer x; any other empty group says nothing.
      if (inner || node.prelude.startsWith("@layer")) css += `${node.prelude}{${inner}}`;
    } else {
      const declarations = node.declarations.filter(
        (d) => !d.property.startsWith("--") || read.has(d.property),
      );
      if (declarations.length === 0) continue;
      const selectors = node.selectors.map((s) =>
        s.pieces.map((p) => (typeof p === "string" ? p : rename(p.className))).join(""),
      );
      css += `${selectors.join(",")}{${declarations.map((d) => d.text).join(";")}}`;
    }
  }
  return css;
}

function visit(nodes: StyleNode[], see: (node: StyleNode) => void): void {
  for (const node of nodes) {
    see(node);
    if (node.kind === "group") visit(node.nodes, see);
  }
}

function declarationsOf(body: string): Declaration[] {
  return splitTopLevel(body, ";")
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({
      text,
      // A nested rule (CSS nesting) has no plain property: it is kept with its rule.
      property: text.includes("{")
        ? ""
        : text
            .slice(0, Math.max(0, text.indexOf(":")))
            .trim()
            .toLowerCase(),
      reads: [...text.matchAll(READS)].map((m) => m[1] as string),
    }));
}

/**
 * A selector cut around its class names, and what an element needs to match it: its class and
 * element names, also inside `:is()`, `:where()` and `:has()` of one selector, but not inside
 * `:not()`, a list of alternatives (`:is(a, b)`) or brackets, so a rule that could match is never
 * dropped.
 */
function selectorOf(selector: string): Selector {
  const text = selector.trim();
  const found: Selector = { pieces: [], classes: [], tags: [] };
  // For each parenthesis open: whether what it holds is needed too.
  const needed: boolean[] = [true];
  let pseudoClass = "";
  let compoundStart = true;
  let copied = 0;
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    const need = needed.at(-1) === true;
    if (c === "[" || c === '"' || c === "'") {
      i = skipBalanced(text, i);
      compoundStart = false;
    } else if (c === "(") {
      const inside = text.slice(i + 1, skipBalanced(text, i) - 1);
      needed.push(need && NEEDED_INSIDE.has(pseudoClass) && splitTopLevel(inside, ",").length === 1);
      compoundStart = true;
      i++;
    } else if (c === ")" || c === ",") {
      if (c === ")") needed.pop();
      compoundStart = c === ",";
      i++;
    } else if (c === "\\") {
      i += 2;
      compoundStart = false;
    } else if (c === "." || c === "#") {
      const { name, end } = readIdentifier(text, i + 1);
      if (c === "." && name) {
        found.pieces.push(text.slice(copied, i + 1), { className: name });
        copied = end;
        if (need) found.classes.push(name);
      }
      i = Math.max(end, i + 1);
      compoundStart = false;
    } else if (c === ":") {
      const { name, end } = readIdentifier(text, text[i + 1] === ":" ? i + 2 : i + 1);
      pseudoClass = name.toLowerCase();
      i = end;
      compoundStart = false;
      continue;
    } else if (/[\s>+~]/.test(c)) {
      i++;
      compoundStart = true;
    } else if (compoundStart && /[A-Za-z]/.test(c)) {
      const { name, end } = readIdentifier(text, i);
      if (need) found.tags.push(name.toLowerCase());
      i = end;
      compoundStart = false;
    } else {
      i++;
      compoundStart = false;
    }
    pseudoClass = "";
  }
  found.pieces.push(text.slice(copied));
  return found;
}

/** A CSS identifier from `from`, its escapes (`\:`, `\31 `) undone. */
function readIdentifier(text: string, from: number): { name: string; end: number } {
  let name = "";
  let i = from;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(text.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        name += text[i + 1] ?? "";
        i += 2;
      }
    } else if (/[\w-]/.test(c) || c.charCodeAt(0) >= 0x80) {
      name += c;
      i++;
    } else break;
  }
  return { name, end: i };
}

function skipSpace(css: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < css.length && /\s/.test(css[i] as string)) i++;
    if (!css.startsWith("/*", i) || css.startsWith("/*!", i)) return i;
    const end = css.indexOf("*/", i + 2);
    i = end < 0 ? css.length : end + 2;
  }
}

/** The first of `stops` from `from` outside strings, brackets and parentheses (or the end). */
function scanTo(css: string, from: number, stops: string): number {
  let i = from;
  while (i < css.length) {
    const c = css[i] as string;
    if (stops.includes(c)) return i;
    if (c === "\\") i += 2;
    else i = c === "(" || c === "[" || c === '"' || c === "'" ? skipBalanced(css, i) : i + 1;
  }
  return i;
}

/** The `}` closing the block opened at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; ) {
    const c = css[i] as string;
    if (c === '"' || c === "'" || c === "(") {
      i = skipBalanced(css, i);
      continue;
    }
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
    i++;
  }
  return css.length;
}

/** Past the string, bracket or parenthesis that starts at `open` (escapes and nesting respected). */
function skipBalanced(css: string, open: number): number {
  const first = css[open] as string;
  if (first === '"' || first === "'") {
    for (let i = open + 1; i < css.length; i++) {
      if (css[i] === "\\") i++;
      else if (css[i] === first) return i + 1;
    }
    return css.length;
  }
  const close = first === "(" ? ")" : "]";
  for (let i = open + 1; i < css.length; ) {
    const c = css[i] as string;
    if (c === close) return i + 1;
    if (c === "\\") i += 2;
    else i = c === "(" || c === "[" || c === '"' || c === "'" ? skipBalanced(css, i) : i + 1;
  }
  return css.length;
}

/** `text` cut at each top-level `separator` (outside strings, brackets, parentheses and blocks). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    if (c === separator) {
      parts.push(text.slice(from, i));
      from = ++i;
    } else if (c === "{") i = blockEnd(text, i) + 1;
    else if (c === "\\") i += 2;
    else i = c === "(" || c === "[" || c === '"' || c === "'" ? skipBalanced(text, i) : i + 1;
  }
  parts.push(text.slice(from));
  return parts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
