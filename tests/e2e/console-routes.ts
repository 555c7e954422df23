import fs from "node:fs";
import routes from "#app/routes.ts";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
/** `pattern` as app/routes.ts spells it (/admin/blogs/:id), `path` with its ids filled in (/admin/blogs/1, /admin/guides/9). */
export type ConsoleRoute = { path: string; pattern: string; file: string; intents: string[] };

function walk(entries: RouteEntry[], parent: string, out: Array<{ path: string; file: string }>) {
  for (const entry of entries) {
    const path = entry.index
      ? parent
      : [parent, entry.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
    out.push({ path: `/${path}`.replace(/\/+/g, "/"), file: entry.file });
    if (entry.children) walk(entry.children, path, out);
  }
}

/**
 * Every console route of the route table, with the `intent` values its module's action
 * handles (read from its source), so that a new console route or action cannot be missed.
 */
export function consoleRoutes(): ConsoleRoute[] {
  const all: Array<{ path: string; file: string }> = [];
  walk(routes as unknown as RouteEntry[], "", all);
  return all
    .filter((r) => r.path === "/admin" || r.path.startsWith("/admin/"))
    .map((r) => {
      const file = new URL(`../../app/${r.file}`, import.meta.url);
      // A route's actions may live in the `*.server.ts` beside it (e.g. dashboard.server.ts).
      const beside = new URL(file.href.replace(/\.tsx?$/, ".server.ts"));
      const own = [file, beside].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, "utf8"));
      // A form's schema may live in a module the route imports (e.g. app/lib/chapter-form.ts).
      const imported = own
        .flatMap((text) => [...text.matchAll(/from "#app\/([^"]+)"/g)].map((m) => m[1] as string))
        .map((rel) => new URL(`../../app/${rel}`, import.meta.url))
        .filter((f) => fs.existsSync(f))
        .map((f) => fs.readFileSync(f, "utf8"));
      const source = [...own, ...imported].join("\n");
      // The actions a module handles: its form schemas' `intent: z.literal("x")` (or a list of
      // them), `intent === "x"` comparisons and `case "x":` labels.
      const intents = [
        ...source.matchAll(
          /intent:\s*z\.literal\(\s*(\[[^\]]*\]|"[^"]+")|intent\s*===\s*("[^"]+")|case\s+("[^"]+")\s*:/g,
        ),
      ].flatMap((m) => [...(m[1] ?? m[2] ?? m[3] ?? "").matchAll(/"([^"]+)"/g)].map((q) => q[1] as string));
      // A route with an id in its path (`/admin/blogs/:id`) is asked about a record that exists.
      // A guide's id is its class: /admin/guides/:grade and its History are asked about Class 9.
      const path = r.path.replace(/^\/admin\/guides\/:\w+/, "/admin/guides/9").replace(/:\w+/g, "1");
      return { ...r, pattern: r.path, path, intents: [...new Set(intents)] };
    })
    .filter((r, i, list) => {
      // A layout and its index route share a path (/admin): one entry with the intents of both.
      const first = list.findIndex((o) => o.path === r.path);
      if (first !== i)
        list[first]?.intents.push(...r.intents.filter((x) => !list[first]?.intents.includes(x)));
      return first === i;
    });
}
