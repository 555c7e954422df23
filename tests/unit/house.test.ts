import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The house's rules (docs/decisions/0020), read from the code itself so a change that breaks one
// fails here: imports go one way between layers, no file reaches itself again through its imports,
// app/server keeps a handful of files at its top, route modules stay small, one import style.
const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes("+types"))
    .map((f) => path.join(root, dir, f));
}
const files = ["app", "migrations", "server"].flatMap(sourceFiles);

/** Every module a file imports (type-only ones too: a circle of types is a circle a reader walks). */
function importsOf(file: string): { spec: string; target: string | null }[] {
  const source = fs.readFileSync(file, "utf8");
  const specs = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\("([^"]+)"\)/g),
  ].map((m) => (m[1] ?? m[2]) as string);
  return specs.map((spec) => {
    let target: string | null = null;
    if (spec.startsWith("#app/")) target = path.join(root, "app", spec.slice(5));
    else if (spec.startsWith("#migrations/")) target = path.join(root, "migrations", spec.slice(12));
    else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
    return { spec, target: target && fs.existsSync(target) ? target : null };
  });
}
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string) => path.relative(root, f);

/** Where a file stands: the lower the number, the higher the layer (routes import from all below). */
function layerOf(file: string): number {
  const r = rel(file);
  if (r.startsWith("server/")) return 0;
  if (/^app\/(routes\/|routes\.ts|root\.tsx|entry\.server\.tsx)/.test(r)) return 1;
  if (r.startsWith("app/components/")) return 2;
  if (r.startsWith("app/content/")) return 3;
  if (r.startsWith("app/server/") || r === "app/context.ts") return 4;
  if (r.startsWith("app/lib/")) return 5;
  if (r.startsWith("migrations/")) return 6;
  return -1;
}

describe("the house", () => {
  it("imports never climb to a higher layer (routes > components > content > server > lib > migrations)", () => {
    const climbing: string[] = [];
    for (const [file, imports] of graph) {
      for (const { target } of imports) {
        if (target && layerOf(target) < layerOf(file)) climbing.push(`${rel(file)} -> ${rel(target)}`);
      }
    }
    expect(climbing).toEqual([]);
  });

  it("no file reaches itself again through its imports", () => {
    const circles = new Set<string>();
    const state = new Map<string, "walking" | "done">();
    const trail: string[] = [];
    const walk = (file: string) => {
      state.set(file, "walking");
      trail.push(file);
      for (const { target } of graph.get(file) ?? []) {
        if (!target || !graph.has(target)) continue;
        if (state.get(target) === "walking") {
          circles.add(trail.slice(trail.indexOf(target)).concat(target).map(rel).join(" -> "));
        } else if (!state.has(target)) walk(target);
      }
      trail.pop();
      state.set(file, "done");
    };
    for (const file of graph.keys()) if (!state.has(file)) walk(file);
    expect([...circles]).toEqual([]);
  });

  it("app/ imports with #app/... (or #migrations/...), never relative paths but React Router's ./+types", () => {
    const relative = files
      .filter((f) => rel(f).startsWith("app/"))
      .flatMap((f) =>
        importsOf(f)
          .filter(({ spec }) => spec.startsWith(".") && !spec.startsWith("./+types/"))
          .map(({ spec }) => `${rel(f)}: ${spec}`),
      );
    expect(relative).toEqual([]);
  });

  it("app/server keeps at most 10 files at its top; the rest live in one folder per area", () => {
    const top = fs.readdirSync(path.join(root, "app/server")).filter((f) => /\.tsx?$/.test(f));
    expect(top.length).toBeLessThanOrEqual(10);
  });

  it("every route module is under 250 lines", () => {
    const long = sourceFiles("app/routes")
      .map((f) => ({ file: rel(f), lines: fs.readFileSync(f, "utf8").split("\n").length }))
      .filter(({ lines }) => lines >= 250);
    expect(long).toEqual([]);
  });
});
