import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

type ModuleGraph = {
  getModuleInfo(id: string): {
    isEntry: boolean;
    importers: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
};

const ROUTE_ENTRY = "?__react-router-build-client-route";
const APP = fileURLToPath(new URL("./app/", import.meta.url));

/** What an entry (a route module's client part) is, for grouping: root, a public frame, a page or other. */
function entryKind(id: string): {
  kind: "root" | "frame" | "page" | "other";
  name: string;
  lang?: "en" | "hi";
} {
  const file = id.slice(APP.length, -ROUTE_ENTRY.length);
  if (file === "root.tsx") return { kind: "root", name: "root" };
  const page = /^routes\/public\/(hi\/)?([\w-]+)\.tsx?$/.exec(file);
  if (!page) return { kind: "other", name: file };
  const lang = page[1] ? "hi" : "en";
  const name = page[2] ?? "";
  return name === "layout" ? { kind: "frame", name, lang } : { kind: "page", name, lang };
}

/**
 * Our client code in a few files a page, not thirty (docs/decisions/0033-client-chunks.md). Each
 * app module goes by the route entries that load it statically: what the root loads is "site";
 * what the public frame loads, or three or more public pages, is "frame"; what one public page
 * loads (in either language) is that page's chunk. What one language's pages alone load gets
 * "-en" or "-hi", so a page never carries the other language's words. A module only one entry
 * loads stays in that entry's chunk; the rest (console screens, code loaded on demand, modules two
 * pages share) is left to Rolldown's own splitting.
 */
function clientChunkName(): (id: string, graph: ModuleGraph) => string | null {
  const entriesOf = new Map<string, Set<string> | null>();
  const entries = (id: string, graph: ModuleGraph): Set<string> | null => {
    if (entriesOf.has(id)) return entriesOf.get(id) ?? null;
    // Marked while its importers are walked: a module on an import cycle (and what only it
    // imports) is left to Rolldown, which is always safe.
    entriesOf.set(id, null);
    const info = graph.getModuleInfo(id);
    let found: Set<string> | null = null;
    if (info?.isEntry) found = new Set([id]);
    else if (info && info.dynamicImporters.length === 0 && info.importers.length > 0) {
      found = new Set();
      for (const importer of info.importers) {
        const theirs = entries(importer, graph);
        if (!theirs) return null;
        for (const entry of theirs) found.add(entry);
      }
    }
    entriesOf.set(id, found);
    return found;
  };
  return (id, graph) => {
    if (!id.startsWith(APP) || id.endsWith(ROUTE_ENTRY)) return null;
    const found = entries(id, graph);
    if (!found || found.size < 2) return null;
    // Console screens that show public parts (previews) load the public chunks too.
    const kinds = [...found].map(entryKind).filter((k) => k.kind !== "other");
    if (kinds.length === 0) return null;
    if (kinds.some((k) => k.kind === "root")) return "site";
    const langs = new Set(kinds.map((k) => k.lang));
    const lang = langs.size === 1 ? `-${[...langs][0]}` : "";
    const pages = new Set(kinds.map((k) => k.name));
    // Used by the frame, or small parts shared by many pages: every public page has the frame.
    if (kinds.some((k) => k.kind === "frame") || pages.size >= 3) return `frame${lang}`;
    return pages.size === 1 ? `${[...pages][0]}${lang}` : null;
  };
}

export default defineConfig({
  environments: {
    // The server bundle's entry is our Express app (server/app.ts), so the
    // database, React Router handler and security middleware share one module graph.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React and React Router as one chunk, the client entry's.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  priority: 1,
                },
                { name: clientChunkName(), includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    {
      // Grouping modules without their dependencies (above) lets a route's chunk export more
      // than the route module does; React Router sets "exports-only", so this runs after it.
      name: "entry-signatures",
      enforce: "post",
      configEnvironment(name, config) {
        if (name !== "client") return;
        const options = config.build?.rollupOptions;
        if (options) options.preserveEntrySignatures = "allow-extension";
      },
    },
  ],
});
