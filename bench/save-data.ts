// The chapter page for a visitor saving data (DESIGN 8.5, docs/decisions/0031): at most 14 KB of
// compressed HTML and CSS in all, and no JavaScript. Asked for as a data-saving browser asks
// (`Save-Data: on`, `gzip, deflate, br`) until the page store answers, then measured as it is sent:
// its brotli copy (what such a browser gets over HTTPS), and its gzip copy beside it (what a client
// without brotli gets), plus any stylesheet it still links.
import http from "node:http";
import { BROWSER_ENCODINGS } from "./load.ts";

/** 14 KB, as the bench counts page bytes (1 KB = 1000 bytes): what one round trip carries (10 packets). */
export const SAVE_DATA_TARGET_BYTES = 14_000;

export type SaveDataPage = {
  name: string;
  path: string;
  status: number;
  /** Whether the answer measured came from the page store (its CSP names no nonce). */
  stored: boolean;
  varySaveData: boolean;
  html: { bytes: number; gzip: number; brotli: number };
  /** Stylesheets it still links, as sent (none: its styles are inside it). */
  css: { files: string[]; gzip: number; brotli: number };
  /** Script elements other than structured data, and pictures other than QR codes (`data:` images). */
  scripts: number;
  pictures: number;
};

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(url: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "save-data": "on", "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Each page's Save-Data form as sent, once stored. */
export async function measureSaveDataPages(
  origin: string,
  pages: { name: string; path: string }[],
): Promise<SaveDataPage[]> {
  const measured: SaveDataPage[] = [];
  for (const page of pages) {
    // The store keeps a page from its second request; the third is answered from it.
    for (let i = 0; i < 2; i++) await get(origin + page.path, BROWSER_ENCODINGS);
    const brotli = await get(origin + page.path, "br");
    const gzip = await get(origin + page.path, "gzip");
    const plain = await get(origin + page.path, "identity");
    const html = plain.body.toString("utf8");
    const files = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map(
      (m) => m[1] ?? "",
    );
    const css = { files, gzip: 0, brotli: 0 };
    for (const file of files) {
      css.brotli += (await get(origin + file, "br")).body.byteLength;
      css.gzip += (await get(origin + file, "gzip")).body.byteLength;
    }
    measured.push({
      name: page.name,
      path: page.path,
      status: brotli.status,
      stored: !/nonce-/.test(String(brotli.headers["content-security-policy"] ?? "")),
      varySaveData: /(^|,)\s*save-data\s*(,|$)/i.test(String(brotli.headers.vary ?? "")),
      html: { bytes: plain.body.byteLength, gzip: gzip.body.byteLength, brotli: brotli.body.byteLength },
      css,
      scripts: [...html.matchAll(/<script\b([^>]*)>/gi)].filter(
        (m) => !/application\/ld\+json/.test(m[1] ?? ""),
      ).length,
      pictures: [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)].filter(
        (m) => !(m[1] ?? "").startsWith("data:image/"),
      ).length,
    });
  }
  return measured;
}

/** The budget for each page: both compressed copies (brotli as sent, gzip for a client without it), no JavaScript, no pictures. */
export function saveDataVerdicts(pages: SaveDataPage[]) {
  return pages.map((p) => {
    const brotli = p.html.brotli + p.css.brotli;
    const gzip = p.html.gzip + p.css.gzip;
    return {
      target: `${p.name} with Save-Data: on: HTML and CSS ≤ ${SAVE_DATA_TARGET_BYTES / 1000} KB compressed, no JavaScript, no pictures but QR codes`,
      figure:
        p.status === 200
          ? `${(brotli / 1000).toFixed(1)} KB brotli as sent, ${(gzip / 1000).toFixed(1)} KB gzip, ${p.scripts} scripts, ${p.pictures} pictures${p.stored ? "" : ", not from the store"}`
          : `not measured (answered ${p.status})`,
      pass:
        p.status === 200
          ? Math.max(brotli, gzip) <= SAVE_DATA_TARGET_BYTES &&
            p.scripts === 0 &&
            p.pictures === 0 &&
            p.varySaveData
          : null,
    };
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The RESULTS.md table. */
export function saveDataTable(pages: SaveDataPage[]): string {
  const rows = pages.map((p) => {
    const pass = saveDataVerdicts([p])[0]?.pass;
    return `| ${p.name} | ${kb(p.html.bytes)} KB | **${kb(p.html.brotli + p.css.brotli)} KB** | ${kb(p.html.gzip + p.css.gzip)} KB | ${p.css.files.length || "none (inside the page)"} | ${p.scripts} | ${p.pictures} | ${p.varySaveData ? "yes" : "**no**"} | ${p.stored ? "yes" : "**no**"} | ${pass === null ? "not measured" : pass ? "PASS" : "**FAIL**"} |`;
  });
  return [
    "| page | HTML (raw) | HTML + CSS, brotli as sent | HTML + CSS, gzip | stylesheets linked | scripts | pictures | Vary: Save-Data | from the store | verdict |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
