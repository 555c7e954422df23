import fs from "node:fs";
import routes from "#app/routes.ts";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
export type ConsoleRoute = { path: string; file: string; intents: string[] };

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
      const source = [file, beside]
        .filter((f) => fs.existsSync(f))
        .map((f) => fs.readFileSync(f, "utf8"))
        .join("\n");
      // `intent === "x"` comparisons and `case "x":` labels name the actions a module handles.
      const intents = [...source.matchAll(/intent\s*===\s*"([^"]+)"|case\s+"([^"]+)"\s*:/g)].map(
        (m) => (m[1] ?? m[2]) as string,
      );
      return { ...r, intents: [...new Set(intents)] };
    })
    .filter((r, i, list) => {
      // A layout and its index route share a path (/admin): one entry with the intents of both.
      const first = list.findIndex((o) => o.path === r.path);
      if (first !== i)
        list[first]?.intents.push(...r.intents.filter((x) => !list[first]?.intents.includes(x)));
      return first === i;
    });
}
