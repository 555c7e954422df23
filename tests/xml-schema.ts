// Checks XML against a schema with xmllint (libxml2-utils; .ci/run installs it).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The sitemaps.org schemas: a sitemap (the `sitemap` package's, with the xhtml:link alternates
 * each page's <url> carries for its other language) and a sitemap index.
 */
export const SITEMAP_XSD = path.resolve("tests/xml/sitemap-with-alternates.xsd");
export const SITEINDEX_XSD = path.resolve("tests/xml/siteindex.xsd");

/** Fails with how to install xmllint when it is missing. */
export function requireXmllint(): void {
  if (spawnSync("xmllint", ["--version"]).error) {
    throw new Error(
      "`xmllint` is not installed, and this check needs it. Install it with: apt-get install -y libxml2-utils",
    );
  }
}

/** xmllint's verdict on `xml` against `schema`: status 0 when valid, and what it said. */
export function validateXml(xml: string | Buffer, schema: string): { status: number | null; stderr: string } {
  requireXmllint();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-xml-"));
  try {
    const file = path.join(dir, "document.xml");
    fs.writeFileSync(file, xml);
    const run = spawnSync("xmllint", ["--noout", "--schema", schema, file], { encoding: "utf8" });
    return { status: run.status, stderr: run.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
