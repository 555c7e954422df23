import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressAssets } from "./cli/precompress-assets.ts";

export default {
  ssr: true,
  // The whole route manifest as one cached file, not a part of it matched and written into every
  // page (5 KB of HTML a page, and the matching): docs/decisions/0016-lean-server.md.
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets several builds (e.g. parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Scripts and styles in brotli and gzip, made once here and sent as they are (decision 0037).
  async buildEnd({ reactRouterConfig }) {
    await precompressAssets(path.join(reactRouterConfig.buildDirectory, "client", "assets"));
  },
} satisfies Config;
