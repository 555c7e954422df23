import sanitizeHtml from "sanitize-html";

// The one sanitizer: every HTML that is stored (console, import, demo) passes here.
// It allows what the editor and notes produce, and nothing that can run script.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
    "sub",
    "sup",
    "span",
  ],
  allowedAttributes: {
    // target/rel are set by transformTags below, never taken from the input.
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    "*": ["style"],
  },
  allowedStyles: { "*": { "text-align": [/^(left|right|center|justify)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isImageSource(frame.attribs.src ?? ""),
};

/**
 * An image shows an http(s) address or one of our files, `/media/<name>`: a plain name with one
 * extension, so no dot segment, percent-escape or backslash (`/media/../x`, `/media/%2e%2e/x`) can
 * make a browser resolve it anywhere else. Any other image is dropped.
 */
function isImageSource(src: string): boolean {
  return /^https?:\/\//i.test(src) || /^\/media\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+$/.test(src);
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}
