// The console at scale (issue 12's budget, README, Speed): every console page (each list's
// first and last page, a filtered and a searched page, an edit) stays under 300 KB of HTML and
// answers in under 200 ms at the median with 100,000 chapters (300,000 links), 100,000 notes and
// 10,000 posts, measured side by side with the same pages at 300 chapters.
//
// Run alone with `node bench/console.ts` (writes bench/console-results.json and prints a table), or
// as part of `npm run bench`, which puts the rows in bench/RESULTS.md.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { batches } from "#app/lib/batches.ts";
import { emptyPostValues } from "#app/lib/post-form.ts";
import { slugify } from "#app/lib/slug.ts";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { parseDatabaseUrl } from "#app/server/config.server.ts";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import { addPost } from "#app/server/publishing/posts.server.ts";
import { buildIfNeeded } from "../cli/build-if-needed.ts";
import { noteHtml, seedScale } from "./seed.ts";
import { type RunningServer, startProductionServer, stopAllServers } from "./server.ts";

export const CONSOLE_TARGETS = { htmlKb: 300, medianMs: 200 } as const;
const ADMIN = { email: "bench@chapterwise.test", password: "Steady-orchard-6620" };
export const CONSOLE_ROUNDS = { measured: 15, warmup: 3 } as const;

export type ConsoleScale = { chapters: number; notes: number; posts: number };
type Measured = { status: number; htmlBytes: number; medianMs: number };
export type ConsoleRow = {
  page: string;
  path: string;
  small: Measured;
  large: Measured;
  /** The large scale on PostgreSQL, when a database was named. */
  postgres?: Measured;
};
export type ConsoleResults = {
  small: ConsoleScale;
  large: ConsoleScale;
  seedSeconds: number;
  rows: ConsoleRow[];
};

/** Its SECRET_KEY: the same every run, as the kept schema's accounts were made under it. */
const PG_SECRET_KEY = createHash("sha256").update("chapterwise console bench").digest("hex");

/** A console-sized catalogue: the chapter scale of seedScale, a note per chapter, and posts. */
export async function seedConsole(
  db: Database,
  scale: ConsoleScale,
): Promise<{ chapterId: number; postId: number }> {
  await seedScale(db, scale.chapters);
  await saveUser(db, ADMIN.email, ADMIN.password, { role: "admin" });
  const site = { siteUrl: "http://127.0.0.1", siteName: "ChapterWise" };
  const chapters = await db.selectFrom("chapters").select(["id", "title"]).orderBy("id").execute();
  // Notes go through the domain (sanitised, with whatever it derives), a thousand a transaction:
  // PostgreSQL keeps the search queue's deleted rows in its index until the transaction ends, and
  // each note's update of the index walked past all those before it (100,000 notes in one
  // transaction had not finished after 36 minutes). Each post batch likewise.
  for (const part of batches(chapters.slice(0, scale.notes), 1000))
    await db.transaction().execute(async (trx) => {
      for (const chapter of part)
        await addNote(trx, {
          chapterId: chapter.id,
          content: noteHtml(chapter.title, "Science"),
          seoDescription: "",
          seoKeywords: "cbse, notes",
        });
    });
  for (const part of batches(
    Array.from({ length: scale.posts }, (_, i) => i),
    1000,
  ))
    await db.transaction().execute(async (trx) => {
      for (const i of part) {
        const title = `Study plan ${i + 1}: revision that sticks`;
        await addPost(
          trx,
          {
            ...emptyPostValues(""),
            title,
            slug: slugify(title),
            date: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 10),
            author: "Bench Author",
            tag: ["Exam Tips", "Study Skills", "Wellbeing", "NCERT"][i % 4] ?? "",
            category: "Guides",
            excerpt: "A practical plan for CBSE students.",
            content: "<p>A practical plan for CBSE students, with a timetable and common mistakes.</p>",
            status: i % 5 === 0 ? "draft" : "published",
          },
          site,
        );
      }
    });
  return consoleIds(db, scale);
}

/** The chapter and post an edit page opens: those half-way through the seed. */
async function consoleIds(db: Database, scale: ConsoleScale): Promise<{ chapterId: number; postId: number }> {
  const chapter = await db
    .selectFrom("chapters")
    .select("id")
    .orderBy("id")
    .limit(1)
    .offset(Math.floor(scale.chapters / 2))
    .executeTakeFirstOrThrow();
  const post = await db
    .selectFrom("posts")
    .select("id")
    .orderBy("id")
    .limit(1)
    .offset(Math.floor(scale.posts / 2))
    .executeTakeFirstOrThrow();
  return { chapterId: chapter.id, postId: post.id };
}

/** The console pages measured: each list's first and last page, a filter, a search and an edit. */
function consolePages(ids: { chapterId: number; postId: number }, noteId: number) {
  // A page far past the end shows the last page (app/server/console/list-page.server.ts).
  const last = "page=1000000";
  return [
    { page: "Dashboard, first page", path: "/admin" },
    { page: "Dashboard, last page", path: `/admin?${last}` },
    { page: "Dashboard, class 11 Chemistry", path: "/admin?grade=11&subject=chemistry" },
    { page: "Dashboard, search", path: "/admin?q=electrochemistry" },
    // Words in a hundred thousand link titles and in few chapters: the index's matches of other kinds.
    { page: "Dashboard, search most links match", path: "/admin?q=mind+map" },
    // The "Content" filter tests each chapter's kept count (docs/decisions/0050): the worst case is the last page.
    { page: "Dashboard, Content: Empty", path: "/admin?content=empty" },
    { page: "Dashboard, Content: Has resources, last page", path: `/admin?content=has-resources&${last}` },
    { page: "Dashboard, edit a chapter", path: `/admin/chapters/${ids.chapterId}` },
    { page: "Manage Blogs, first page", path: "/admin/blogs" },
    { page: "Manage Blogs, last page", path: `/admin/blogs?${last}` },
    { page: "Manage Blogs, drafts", path: "/admin/blogs?status=draft" },
    { page: "Manage Blogs, edit a post", path: `/admin/blogs/${ids.postId}` },
    { page: "Manage Notes, first page", path: "/admin/notes" },
    { page: "Manage Notes, last page", path: `/admin/notes?${last}` },
    { page: "Manage Notes, class 11", path: "/admin/notes?class=11" },
    { page: "Manage Notes, edit a note", path: `/admin/notes/${noteId}` },
    { page: "Manage Subjects", path: "/admin/subjects" },
    { page: "Syllabus, class 11 Chemistry", path: "/admin/syllabus?grade=11&subject=chemistry" },
    { page: "Add Data", path: "/admin/add-resource" },
  ];
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in answered ${response.status}`);
  return cookies.join("; ");
}

async function measurePage(origin: string, cookie: string, pagePath: string) {
  const times: number[] = [];
  let status = 0;
  let htmlBytes = 0;
  for (let i = 0; i < CONSOLE_ROUNDS.warmup + CONSOLE_ROUNDS.measured; i++) {
    const started = performance.now();
    const response = await fetch(origin + pagePath, { headers: { cookie, "accept-encoding": "identity" } });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    status = response.status;
    htmlBytes = body.byteLength;
    if (i >= CONSOLE_ROUNDS.warmup) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const medianMs = Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
  return { status, htmlBytes, medianMs };
}

/** The PostgreSQL pass's database: `url` in the bench's own schema for this scale (kept between runs), made if need be. */
async function postgresTarget(url: string, scale: ConsoleScale): Promise<string> {
  const schema = `bench_console_${scale.chapters}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  await admin.end();
  const inSchema = new URL(url);
  inSchema.searchParams.set("options", `-c search_path=${schema}`);
  return inSchema.toString();
}

type Target = { which: "small" | "large" | "postgres"; scale: ConsoleScale; url: string };

/** Seeds each scale (a kept PostgreSQL schema only once), serves each, and measures every console page on each. */
export async function measureConsole(options: {
  root: string;
  buildDir: string;
  tmp: string;
  ports: { small: number; large: number };
  large: ConsoleScale;
  /** A PostgreSQL database to measure the large scale on too. */
  postgresUrl?: string;
  log: (message: string) => void;
}): Promise<ConsoleResults> {
  const small: ConsoleScale = { chapters: 300, notes: 300, posts: 30 };
  const targets: Target[] = [
    { which: "small", scale: small, url: path.join(options.tmp, "console-small.db") },
    { which: "large", scale: options.large, url: path.join(options.tmp, "console-large.db") },
  ];
  if (options.postgresUrl)
    targets.push({
      which: "postgres",
      scale: options.large,
      url: await postgresTarget(options.postgresUrl, options.large),
    });
  const started = performance.now();
  const ids = new Map<Target["which"], { chapterId: number; postId: number }>();
  for (const target of targets) {
    const { scale } = target;
    const db = await openDatabase(parseDatabaseUrl(target.url), {
      timeoutMs: 600_000,
      unlimitedStatements: true,
    });
    try {
      const count = async (table: "chapters" | "notes") =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const [chapters, notes] = [await count("chapters"), await count("notes")];
      const seeded = chapters === scale.chapters && notes === scale.notes;
      // A kept schema whose seeding was cut short is not measured as if whole.
      if (!seeded && chapters > 0)
        throw new Error(
          `${target.which}: ${chapters} chapters and ${notes} notes, not ${scale.chapters} of each: drop its schema and run again`,
        );
      if (!seeded)
        options.log(
          `console: seeding ${target.which}: ${scale.chapters} chapters, ${scale.notes} notes, ${scale.posts} posts`,
        );
      ids.set(target.which, seeded ? await consoleIds(db, scale) : await seedConsole(db, scale));
    } finally {
      await db.destroy();
    }
  }
  const seedSeconds = (performance.now() - started) / 1000;
  const measured = new Map<Target["which"], Measured[]>();
  let pages: { page: string; path: string }[] = [];
  for (const target of targets) {
    const server: RunningServer = await startProductionServer({
      name: `console-${target.which}`,
      root: options.root,
      port: target.which === "small" ? options.ports.small : options.ports.large,
      databaseFile: target.url,
      buildDir: options.buildDir,
      logDir: options.tmp,
      ...(target.which === "postgres" ? { env: { SECRET_KEY: PG_SECRET_KEY } } : {}),
    });
    try {
      const cookie = await signIn(server.origin);
      const reader = await openDatabase(parseDatabaseUrl(target.url), { migrate: false });
      const note = await reader
        .selectFrom("notes")
        .select("id")
        .orderBy("id")
        .limit(1)
        .executeTakeFirstOrThrow();
      await reader.destroy();
      pages = consolePages(ids.get(target.which) ?? { chapterId: 0, postId: 0 }, note.id);
      const results: Measured[] = [];
      for (const page of pages) {
        options.log(`console: ${target.which} ${page.path}`);
        results.push(await measurePage(server.origin, cookie, page.path));
      }
      measured.set(target.which, results);
    } finally {
      await server.stop();
    }
  }
  const none: Measured = { status: 0, htmlBytes: 0, medianMs: 0 };
  const rows = pages.map((page, i) => ({
    page: page.page,
    path: page.path.replace(/\d{3,}/g, "ID"),
    small: measured.get("small")?.[i] ?? none,
    large: measured.get("large")?.[i] ?? none,
    ...(measured.has("postgres") ? { postgres: measured.get("postgres")?.[i] ?? none } : {}),
  }));
  return { small, large: options.large, seedSeconds, rows };
}

/** PASS when the page answered 200 at scale within both budgets. */
export function consolePasses(row: ConsoleRow): boolean {
  const within = (m: Measured) =>
    m.status === 200 &&
    m.htmlBytes <= CONSOLE_TARGETS.htmlKb * 1000 &&
    m.medianMs <= CONSOLE_TARGETS.medianMs;
  return within(row.large) && (!row.postgres || within(row.postgres));
}

/** The rows as a Markdown table (used by bench/report.ts and the standalone run). */
export function consoleTable(r: ConsoleResults): string {
  const head = [
    "page",
    `HTML at ${r.small.chapters}`,
    `HTML at ${r.large.chapters.toLocaleString("en")}`,
    "median (small)",
    "median (large)",
    "ratio",
    ...(r.rows.some((row) => row.postgres) ? ["median (large, PostgreSQL)"] : []),
    "verdict",
  ];
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const lines = [head, head.map(() => "---")].map((cells) => `| ${cells.join(" | ")} |`);
  for (const row of r.rows) {
    const status = (s: { status: number }) => (s.status === 200 ? "" : ` (status ${s.status})`);
    const ratio = row.small.medianMs > 0 ? (row.large.medianMs / row.small.medianMs).toFixed(2) : "–";
    lines.push(
      `| ${row.page} | ${kb(row.small.htmlBytes)}${status(row.small)} | ${kb(row.large.htmlBytes)}${status(row.large)} | ${row.small.medianMs} ms | ${row.large.medianMs} ms | ${ratio}× |${row.postgres ? ` ${row.postgres.medianMs} ms${status(row.postgres)} |` : ""} ${consolePasses(row) ? "PASS" : "**FAIL**"} |`,
    );
  }
  return lines.join("\n");
}

// Standalone: `node bench/console.ts` (BENCH_LARGE, BENCH_BUILD_DIR as for the full bench;
// BENCH_PG_URL for the PostgreSQL pass).
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
  process.env.BUILD_DIR = buildDir;
  buildIfNeeded(root);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cw-console-bench-"));
  const chapters = Number(process.env.BENCH_LARGE || 100_000);
  try {
    const results = await measureConsole({
      root,
      buildDir,
      tmp,
      ports: { small: 3411, large: 3412 },
      large: { chapters, notes: chapters, posts: Math.round(chapters / 10) },
      postgresUrl: process.env.BENCH_PG_URL || undefined,
      log: (message) => console.log(`[bench] ${message}`),
    });
    fs.writeFileSync(path.join(root, "bench/console-results.json"), `${JSON.stringify(results, null, 2)}\n`);
    console.log(consoleTable(results));
  } finally {
    await stopAllServers();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
