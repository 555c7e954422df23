/**
 * Public pages for visitors whose browser asks to save data (`Save-Data: on`, sent by data-saver
 * modes; DESIGN 8.3 and 8.5, docs/decisions/0031). They get the page React rendered, as it is with
 * JavaScript off: no scripts but its structured data, no pictures but QR codes (a picture's alt
 * text stays in its place), and the style rules it uses inside it instead of the stylesheets, so a
 * chapter page arrives in one round trip. Everything stays readable and every link and form works,
 * as they do without JavaScript.
 *
 * The rewrite reads the rendered page tag by tag. The page is React's output: in text and in
 * attribute values React writes `<` as `&lt;` (stored notes and posts went through the sanitizer,
 * which does the same), so a `<` always starts a tag, a comment or the end of a script or style,
 * whatever a title or a note says.
 */

import fs from "node:fs";
import path from "node:path";
import { SAVE_DATA_OMIT } from "#app/lib/save-data.ts";
import { parseStyleSheet, type StyleSheet, usedStyles } from "#app/server/platform/used-styles.server.ts";

/** True when a request's `Save-Data` header says `on` (a token, any case, perhaps with parameters). */
export function wantsSaveData(header: string | null | undefined): boolean {
  return (header ?? "").split(/[;,]/).some((token) => token.trim().toLowerCase() === "on");
}

/** The build's stylesheets by their address in a page (`/assets/root-x.css`), or null when not at hand. */
export type Stylesheets = (href: string) => StyleSheet | null;

/** The stylesheets of the client build in `dir` (its `assets` folder), each read and parsed once. */
export function stylesheetsIn(dir: string): Stylesheets {
  const parsed = new Map<string, StyleSheet | null>();
  return (href) => {
    // Only the build's own files: a plain name in /assets, nothing that could lead elsewhere.
    if (!/^\/assets\/[\w-]+(\.[\w-]+)*\.css$/.test(href)) return null;
    if (parsed.has(href)) return parsed.get(href) ?? null;
    let sheet: StyleSheet | null = null;
    try {
      sheet = parseStyleSheet(fs.readFileSync(path.join(dir, href), "utf8"));
    } catch {
      // Not in the build: the page keeps its <link>.
    }
    // A build has a few sheets; the bound only keeps a surprise from growing this.
    if (parsed.size < 64) parsed.set(href, sheet);
    return sheet;
  };
}

/** Elements a page may mark for the Save-Data form to go without (app/lib/save-data.ts), besides <img>. */
const OMITTABLE = new Set(["p", "span", "figure"]);
/** Elements taken out with all they hold. */
const DROPPED_WHOLE = new Set(["video", "audio", "iframe", "object"]);
/**
 * Elements whose tags go and whose content stays: a <picture>'s <img> is judged as any other, and
 * what a <noscript> holds is shown (the page has no scripts, yet a browser with JavaScript on would
 * hide it).
 */
const UNWRAPPED = new Set(["picture", "noscript"]);
/** Empty elements that go. */
const DROPPED_EMPTY = new Set(["source", "embed"]);
/** Links that fetch what the page may never use. */
const HINTS = new Set(["modulepreload", "preload", "prefetch", "prerender", "preconnect", "dns-prefetch"]);
/** What React Router marks its links with for its scripts: nothing without them. */
const DROPPED_ATTRIBUTES = new Set(["data-discover", SAVE_DATA_OMIT]);

/**
 * The Save-Data form of a rendered public page. `stylesheets` gives the sheets its <link>s name; when
 * one is not at hand, the links and class names stay as they are.
 */
export function saveDataPage(page: Buffer, stylesheets: Stylesheets | null): Buffer {
  const html = page.toString("utf8");
  const out: string[] = [];
  const traits = { classes: new Map<string, number>(), tags: new Set<string>(), reads: new Set<string>() };
  // Where the stylesheet links and class attributes were: filled in once the styles are known.
  const links: { at: number; text: string; href: string }[] = [];
  const classAttributes: { at: number; names: string[] }[] = [];
  let copied = 0;
  const replace = (from: number, to: number, text: string) => {
    out.push(html.slice(copied, from), text);
    copied = to;
    return out.length - 1;
  };
  for (let at = html.indexOf("<"); at >= 0; ) {
    const tag = readTag(html, at);
    let next = tag.end;
    if (tag.kind === "comment") {
      // React's markers for hydration.
      replace(at, tag.end, "");
    } else if (tag.kind === "end") {
      if (UNWRAPPED.has(tag.name)) replace(at, tag.end, "");
    } else if (tag.kind === "start") {
      const { name } = tag;
      if (name === "script" || name === "style") {
        // Raw text: it ends only at its end tag.
        next = rawTextEnd(html, name, tag.end);
        if (name === "script" && attribute(tag, "type")?.value.trim().toLowerCase() !== "application/ld+json")
          replace(at, next, "");
      } else if (DROPPED_WHOLE.has(name) || (OMITTABLE.has(name) && attribute(tag, SAVE_DATA_OMIT))) {
        next = rawTextEnd(html, name, tag.end);
        replace(at, next, "");
      } else if (name === "img" && attribute(tag, SAVE_DATA_OMIT)) {
        replace(at, tag.end, "");
      } else if (UNWRAPPED.has(name) || DROPPED_EMPTY.has(name) || (name === "link" && isHint(tag))) {
        replace(at, tag.end, "");
      } else if (name === "img" && !isQrCode(tag)) {
        // The picture's words where it stood; a decorative one (alt="") leaves nothing.
        const alt = attribute(tag, "alt")?.value.trim().replaceAll("<", "&lt;").replaceAll(">", "&gt;");
        replace(at, tag.end, alt ? `<i>[${alt}]</i>` : "");
        traits.tags.add("i");
      } else if (name === "link" && isStylesheet(tag)) {
        const href = attribute(tag, "href")?.value ?? "";
        links.push({ at: replace(at, tag.end, ""), text: html.slice(at, tag.end), href });
      } else {
        traits.tags.add(name);
        for (const a of tag.attributes) {
          if (DROPPED_ATTRIBUTES.has(a.name)) replace(a.from, a.to, "");
          else if (a.name === "class") {
            const names = classNamesOf(a.value);
            for (const c of names) traits.classes.set(c, (traits.classes.get(c) ?? 0) + 1);
            classAttributes.push({ at: replace(a.from, a.to, html.slice(a.from, a.to)), names });
          } else if (a.name === "style") {
            for (const [custom] of a.value.matchAll(/--[\w-]+/g)) traits.reads.add(custom);
          }
        }
      }
    }
    at = html.indexOf("<", next);
  }
  out.push(html.slice(copied));
  const sheets = links.map((link) => stylesheets?.(link.href) ?? null);
  const styles = sheets.every((sheet) => sheet !== null) ? usedStyles(sheets, traits) : null;
  // CSS never holds "</style" (it would end the element early); a page without sheets keeps its classes.
  if (styles && links.length > 0 && !/<\/style/i.test(styles.css)) {
    links.forEach((link, i) => {
      out[link.at] = i === 0 ? `<style>${styles.css}</style>` : "";
    });
    // Each class name as its short name in the styles; one that no style reads goes.
    for (const { at, names } of classAttributes) {
      const short = names.map((c) => styles.classNames.get(c)).filter(Boolean);
      out[at] = short.length > 0 ? ` class="${short.join(" ")}"` : "";
    }
  } else {
    for (const link of links) out[link.at] = link.text;
  }
  return Buffer.from(out.join(""), "utf8");
}

/** An attribute: its value as written (entities and all), and where it stands with the space before it. */
type Attribute = { name: string; value: string; from: number; to: number };
type Tag =
  | { kind: "start" | "end"; name: string; attributes: Attribute[]; end: number }
  | { kind: "comment" | "other"; end: number };

/**
 * The tag (or comment, doctype, stray `<`) at `at`, and where it ends. Attributes are read as
 * browsers read them, quoted or not.
 */
function readTag(html: string, at: number): Tag {
  if (html.startsWith("<!--", at)) {
    const close = html.indexOf("-->", at + 4);
    return { kind: "comment", end: close < 0 ? html.length : close + 3 };
  }
  const end = html[at + 1] === "/";
  let i = end ? at + 2 : at + 1;
  if (!isLetter(html.charCodeAt(i))) {
    // A doctype or a bogus comment runs to the next ">"; a "<" before anything else is text.
    if (!end && html[at + 1] !== "!" && html[at + 1] !== "?") return { kind: "other", end: at + 1 };
    const close = html.indexOf(">", at);
    return { kind: "other", end: close < 0 ? html.length : close + 1 };
  }
  const nameStart = i;
  while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== "/" && html[i] !== ">") i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attributes: Attribute[] = [];
  while (i < html.length) {
    const from = i;
    while (i < html.length && (isSpace(html.charCodeAt(i)) || html[i] === "/")) i++;
    if (i >= html.length || html[i] === ">") break;
    const attributeStart = i++;
    while (i < html.length && !isSpace(html.charCodeAt(i)) && !"/>=".includes(html[i] as string)) i++;
    const attributeName = html.slice(attributeStart, i).toLowerCase();
    let j = i;
    while (j < html.length && isSpace(html.charCodeAt(j))) j++;
    let value = "";
    if (html[j] === "=") {
      i = j + 1;
      while (i < html.length && isSpace(html.charCodeAt(i))) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const valueEnd = close < 0 ? html.length : close;
        value = html.slice(i + 1, valueEnd);
        i = valueEnd + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== ">") i++;
        value = html.slice(valueStart, i);
      }
    }
    attributes.push({ name: attributeName, value, from, to: Math.min(i, html.length) });
  }
  return { kind: end ? "end" : "start", name, attributes, end: Math.min(i + 1, html.length) };
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** HTML's white space: tab, line feed, form feed, carriage return, space. */
function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/** Where the element `name` whose content starts at `from` ends: after its end tag, or at the page's end. */
function rawTextEnd(html: string, name: string, from: number): number {
  const endTag = new RegExp(`</${name}[\\s/>]`, "gi");
  endTag.lastIndex = from;
  const found = endTag.exec(html);
  if (!found) return html.length;
  const close = html.indexOf(">", found.index);
  return close < 0 ? html.length : close + 1;
}

function attribute(tag: Tag, name: string): Attribute | undefined {
  return "attributes" in tag ? tag.attributes.find((a) => a.name === name) : undefined;
}

/**
 * The QR codes are drawn on the server as `data:` images (app/server/platform/qr.server.ts); the
 * pictures of notes and posts never are (the sanitizer keeps only http(s) and /media/ ones).
 */
function isQrCode(tag: Tag): boolean {
  return /^data:image\//i.test(attribute(tag, "src")?.value.trim() ?? "");
}

function relTokens(tag: Tag): string[] {
  return (attribute(tag, "rel")?.value ?? "").toLowerCase().split(/\s+/);
}

function isHint(tag: Tag): boolean {
  return relTokens(tag).some((token) => HINTS.has(token));
}

function isStylesheet(tag: Tag): boolean {
  return relTokens(tag).includes("stylesheet") && attribute(tag, "media") === undefined;
}

/** The class names in a class attribute's value, as text. */
function classNamesOf(value: string): string[] {
  const names = value.split(/[\t\n\f\r ]+/).filter(Boolean);
  return value.includes("&") ? names.map(decodeEntities) : names;
}

/** A class name as React writes it in an attribute (`&amp;`, `&quot;`, `&#x27;`, `&lt;`, `&gt;`), as text. */
function decodeEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => ENTITIES[entity] ?? "");
}
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">" };
