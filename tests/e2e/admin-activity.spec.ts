import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { guideFormValues } from "#app/lib/guide-form.ts";
import { postFormValues } from "#app/lib/post-form.ts";
import { sessionName, sessionOf } from "#app/lib/sessions.ts";
import { KEY_FILE_NAME, readKeyFile, secretKeyFrom, unseal } from "#app/server/accounts/secret-box.server.ts";
import { listSessions, startSession } from "#app/server/accounts/sessions.server.ts";
import { currentCode } from "#app/server/accounts/two-step.server.ts";
import { getChapter } from "#app/server/catalogue/chapters.server.ts";
import { packCsv, previewChaptersImport } from "#app/server/catalogue/chapters-csv.server.ts";
import { getNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { recordActivity } from "#app/server/console/activity.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { getGuide } from "#app/server/guides/guides.server.ts";
import { getPost } from "#app/server/publishing/posts.server.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { consoleRoutes } from "./console-routes.ts";
import { expect, login, seriousA11yViolations, test } from "./fixtures.ts";
import { type OwnServer, ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";

// The Activity log (/admin/activity, issue 15) against a server of its own: every console write
// leaves a line (found from the same route table and form schemas the fuzz test reads, so a new
// action without a line fails here), sign-ins and sign-outs are in it without a password, and the
// page narrows, searches and pages with and without JavaScript.

let own: OwnServer;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  // No background link checks: the demo's links are not reachable here.
  own = await ownServer(E2E_PORT + 180, { LINK_CHECK: "off" });
});

test.afterAll(async () => {
  await own?.stop();
});

const SITE_URL = () => own.server.url;

/** A form as the browser sends it (names may repeat: `ids`). */
type Fields = Array<[string, string]> | { multipart: Record<string, unknown> };

/** A valid write of one console action, the Activity action it is recorded as, and how it answers. */
type Write = {
  action: string;
  form: (db: Database) => Promise<Fields>;
  /** The status a successful write answers: a redirect, unless it shows something once (200). */
  answers?: number;
  /** Who makes it (an account's own settings are changed by a second admin, not the one signed in). */
  by?: "admin" | "second";
};
/** A discovered name that is not an action of that route, and why. */
type NotAnAction = { notAnAction: string };

const PREVIEW = { notAnAction: "a preview: it shows the typed post or note, writes nothing" };
const SORT_OR_LABEL = { notAnAction: "a list column or a label of another switch in the route's modules" };

const one = async (db: Database, table: "chapters" | "posts" | "notes" | "links", skip = 1) => {
  const row = await db
    .selectFrom(table)
    .select("id")
    .orderBy("id", "desc")
    .limit(1)
    .offset(skip)
    .executeTakeFirstOrThrow();
  return row.id;
};
const chapterIds = async (db: Database, n: number) =>
  (
    await db
      .selectFrom("chapters")
      .select("id")
      .where("grade", "=", 10)
      .where("id", "!=", 1)
      .orderBy("id", "desc")
      .limit(n)
      .execute()
  ).map((r) => String(r.id));

/** Edit Blog's form for post 1, as the page sends it, opened at its current version. */
async function editPost1(db: Database): Promise<Fields> {
  const post = await getPost(db, 1);
  if (!post) throw new Error("post 1 is gone");
  const values = postFormValues(post, SITE_URL());
  const fields: Array<[string, string]> = [["version", String(post.version)]];
  for (const [name, value] of Object.entries({ ...values, title: `${post.title} (edited)` })) {
    if (Array.isArray(value)) for (const v of value) fields.push([name, String(v)]);
    else if (typeof value === "boolean") {
      if (value) fields.push([name, "on"]);
    } else fields.push([name, String(value ?? "")]);
  }
  return fields;
}

/**
 * Every action the console's routes handle, keyed "PATH INTENT" ("PATH" alone for a route whose
 * action reads no intent): a valid write and its Activity action, or why the name is not an
 * action. A discovered action missing here fails the test.
 */
const WRITES: Record<string, Write | NotAnAction> = {
  "/admin delete": {
    action: "chapter.delete",
    form: async (db) => [
      ["intent", "delete"],
      ["id", String(await one(db, "chapters"))],
    ],
  },
  "/admin move": {
    action: "chapter.move",
    form: async (db) => {
      const c = await db
        .selectFrom("chapters")
        .select("id")
        .where("position", ">", 0)
        .executeTakeFirstOrThrow();
      return [
        ["intent", "move"],
        ["direction", "up"],
        ["id", String(c.id)],
      ];
    },
  },
  "/admin bulk-move": {
    action: "chapter.move-subject",
    form: async (db) => [
      ["intent", "bulk-move"],
      ...(await chapterIds(db, 2)).map((id): [string, string] => ["ids", id]),
      ["to", "10:mathematics"],
    ],
  },
  "/admin bulk-delete": {
    action: "chapter.delete",
    form: async (db) => [
      ["intent", "bulk-delete"],
      ...(await chapterIds(db, 2)).map((id): [string, string] => ["ids", id]),
    ],
  },
  "/admin string": SORT_OR_LABEL,
  "/admin syllabus": SORT_OR_LABEL,
  "/admin class": SORT_OR_LABEL,
  "/admin subject": SORT_OR_LABEL,
  "/admin title": SORT_OR_LABEL,
  "/admin updated": SORT_OR_LABEL,
  "/admin/chapters/1 update": {
    action: "chapter.update",
    form: async (db) => {
      const c = await getChapter(db, 1);
      if (!c) throw new Error("chapter 1 is gone");
      return [
        ["intent", "update"],
        ["id", "1"],
        ["version", String(c.version)],
        ["grade", String(c.grade)],
        ["subject", c.subjectCode],
        ["title", `${c.title} (edited)`],
        ["notes[0].title", "Activity notes"],
        ["notes[0].url", "https://example.org/activity-notes"],
      ];
    },
  },
  "/admin/chapters/1 save": {
    notAnAction: "Add Data's form (the shared chapter-form module); Edit Resource reads only update",
  },
  "/admin/chapters/1 syllabus": SORT_OR_LABEL,
  "/admin/chapters/1 class": SORT_OR_LABEL,
  "/admin/chapters/1 subject": SORT_OR_LABEL,
  "/admin/chapters/1 title": SORT_OR_LABEL,
  "/admin/chapters/1 updated": SORT_OR_LABEL,
  "/admin/add-resource save": {
    action: "chapter.add",
    form: async () => [
      ["intent", "save"],
      ["grade", "10"],
      ["subject", "science"],
      ["chapters[0].title", "Activity Check Chapter"],
      ["chapters[0].lectures[0].title", "A lecture"],
      ["chapters[0].lectures[0].url", "https://example.org/activity-lecture"],
    ],
  },
  "/admin/add-resource csv-preview": {
    notAnAction: "a preview: it writes nothing (the import is csv-import)",
  },
  "/admin/add-resource csv-import": {
    action: "chapter.import-csv",
    form: async (db) => {
      const csv =
        "Class,Subject,Chapter,Kind,Link title,URL\n10,science,Activity CSV Chapter,notes,Read,https://example.org/csv\n";
      const { digest } = await previewChaptersImport(db, csv);
      return [
        ["intent", "csv-import"],
        ["csv", packCsv(csv)],
        ["digest", digest],
        ["fileName", "activity.csv"],
      ];
    },
  },
  "/admin/add-resource update": { notAnAction: "Edit Resource's form (the shared chapter-form module)" },
  "/admin/add-resource syllabus": SORT_OR_LABEL,
  "/admin/add-resource class": SORT_OR_LABEL,
  "/admin/add-resource subject": SORT_OR_LABEL,
  "/admin/add-resource title": SORT_OR_LABEL,
  "/admin/add-resource updated": SORT_OR_LABEL,
  "/admin/subjects add": {
    action: "subject.add",
    form: async () => [
      ["intent", "add"],
      ["grade", "9"],
      ["code", "activity-check"],
      ["label", "Activity Check"],
    ],
  },
  "/admin/subjects medium": {
    action: "subject.medium",
    form: async (db) => {
      await addSubject(db, 10, "medium-check", "Medium Check");
      return [
        ["intent", "medium"],
        ["grade", "10"],
        ["code", "medium-check"],
        ["medium", "hindi"],
      ];
    },
  },
  "/admin/subjects delete": {
    action: "subject.delete",
    form: async (db) => {
      await addSubject(db, 11, "to-delete", "To Delete");
      return [
        ["intent", "delete"],
        ["grade", "11"],
        ["code", "to-delete"],
      ];
    },
  },
  "/admin/blogs add": {
    action: "post.add",
    form: async () => [
      ["intent", "add"],
      ["title", "Activity check post"],
      ["slug", "activity-check-post"],
      ["status", "draft"],
    ],
  },
  "/admin/blogs delete": {
    action: "post.delete",
    form: async (db) => [
      ["intent", "delete"],
      ["id", String(await one(db, "posts"))],
    ],
  },
  "/admin/blogs publish-selected": {
    action: "post.publish",
    form: async () => [
      ["intent", "publish-selected"],
      ["ids", "1"],
    ],
  },
  "/admin/blogs unpublish-selected": {
    action: "post.unpublish",
    form: async () => [
      ["intent", "unpublish-selected"],
      ["ids", "1"],
    ],
  },
  "/admin/blogs delete-selected": {
    action: "post.delete",
    form: async (db) => [
      ["intent", "delete-selected"],
      ["ids", String(await one(db, "posts", 2))],
    ],
  },
  // Edit Blog reads one form whatever its intent: each discovered name is an edit of post 1.
  "/admin/blogs/1 add": { action: "post.update", form: editPost1 },
  "/admin/blogs/1 delete": { action: "post.update", form: editPost1 },
  "/admin/blogs/1 publish-selected": { action: "post.update", form: editPost1 },
  "/admin/blogs/1 unpublish-selected": { action: "post.update", form: editPost1 },
  "/admin/blogs/1 delete-selected": { action: "post.update", form: editPost1 },
  "/admin/notes add": {
    action: "note.add",
    form: async () => [
      ["intent", "add"],
      ["chapterId", "1"],
      ["content", "A note from the Activity check."],
      ["seoDescription", ""],
      ["seoKeywords", ""],
    ],
  },
  "/admin/notes delete": {
    action: "note.delete",
    form: async (db) => [
      ["intent", "delete"],
      ["id", String(await one(db, "notes"))],
    ],
  },
  "/admin/notes delete-selected": {
    action: "note.delete",
    form: async (db) => [
      ["intent", "delete-selected"],
      ["ids", String(await one(db, "notes", 2))],
    ],
  },
  "/admin/notes update": { notAnAction: "Edit Note's form, at /admin/notes/ID" },
  "/admin/notes/1 update": {
    action: "note.update",
    form: async (db) => {
      const note = await getNote(db, 1);
      if (!note) throw new Error("note 1 is gone");
      return [
        ["intent", "update"],
        ["version", String(note.version)],
        ["chapterId", String(note.chapterId)],
        ["content", "Edited by the Activity check."],
        ["seoDescription", note.seoDescription],
        ["seoKeywords", note.seoKeywords.join(", ")],
      ];
    },
  },
  "/admin/notes/1 add": {
    notAnAction: "Manage Notes' form (the list's module); Edit Note reads only update",
  },
  "/admin/notes/1 delete": {
    notAnAction: "Manage Notes' form (the list's module); Edit Note reads only update",
  },
  "/admin/notes/1 delete-selected": {
    notAnAction: "Manage Notes' form (the list's module); Edit Note reads only update",
  },
  "/admin/links recheck": {
    action: "link.recheck",
    form: async (db) => linkForm("recheck", await one(db, "links", 0)),
  },
  "/admin/links new-address": {
    action: "link.use-new-address",
    form: async (db) => linkForm("new-address", await redirected(db, 0)),
  },
  "/admin/links fine": {
    action: "link.mark-fine",
    form: async (db) => linkForm("fine", await one(db, "links", 0)),
  },
  "/admin/links recheck-selected": {
    action: "link.recheck",
    form: async (db) => linkForm("recheck-selected", await one(db, "links", 1), "ids"),
  },
  "/admin/links new-address-selected": {
    action: "link.use-new-address",
    form: async (db) => linkForm("new-address-selected", await redirected(db, 1), "ids"),
  },
  "/admin/links fine-selected": {
    action: "link.mark-fine",
    form: async (db) => linkForm("fine-selected", await one(db, "links", 1), "ids"),
  },
  "/admin/links check-all": { action: "link.check-all", form: async () => [["intent", "check-all"]] },
  "/admin/links resolve-reports": {
    action: "link.report-resolve",
    form: async (db) => reportsForm(db, "resolve-reports"),
  },
  "/admin/links dismiss-reports": {
    action: "link.report-dismiss",
    form: async (db) => reportsForm(db, "dismiss-reports"),
  },
  "/admin/links chapter-link": SORT_OR_LABEL,
  "/admin/links note": SORT_OR_LABEL,
  "/admin/links post": SORT_OR_LABEL,
  "/admin/chapters/1/history restore": {
    action: "chapter.restore-version",
    form: (db) => restore(db, "chapter"),
  },
  "/admin/blogs/1/history restore": { action: "post.restore-version", form: (db) => restore(db, "post") },
  "/admin/notes/1/history restore": { action: "note.restore-version", form: (db) => restore(db, "note") },
  // The session of today's date is always among the choices.
  "/admin/syllabus set-session": {
    action: "syllabus.session",
    form: async () => [
      ["intent", "set-session"],
      ["session", sessionName(sessionOf(new Date()))],
    ],
  },
  // A What changed of its own each time: a save that changes nothing is refused.
  "/admin/syllabus save-statuses": {
    action: "chapter.syllabus-status",
    form: async (db) => [
      ["intent", "save-statuses"],
      ["rows[0].id", String(await one(db, "chapters", 2))],
      ["rows[0].status", "New this session"],
      ["rows[0].whatChanged", `Checked ${Date.now()}`],
    ],
  },
  "/admin/guides save": { action: "guide.update", form: (db) => guideForm(db, 9) },
  "/admin/guides/9 save": { action: "guide.update", form: (db) => guideForm(db, 9) },
  "/admin/guides/9/history restore": {
    action: "guide.restore-version",
    form: (db) => restore(db, "guide", 9),
  },
  "/admin/trash restore": {
    action: "trash.restore",
    form: async (db) => [
      ["intent", "restore"],
      ["ids", String(await trashed(db, "post"))],
      ["back", ""],
    ],
  },
  "/admin/trash delete-forever": {
    action: "trash.delete-forever",
    form: async (db) => [
      ["intent", "delete-forever"],
      ["id", String(await trashed(db, "chapter"))],
    ],
  },
  "/admin/trash chapter": SORT_OR_LABEL,
  "/admin/trash note": SORT_OR_LABEL,
  "/admin/trash post": SORT_OR_LABEL,
  "/admin/blogs/1/preview add": PREVIEW,
  "/admin/blogs/1/preview update": PREVIEW,
  "/admin/notes/preview add": PREVIEW,
  "/admin/notes/preview update": PREVIEW,
  "/admin/users invite": {
    action: "user.invite",
    answers: 200,
    form: async () => [
      ["intent", "invite"],
      ["email", "invited@e2e.test"],
      ["role", "editor"],
    ],
  },
  "/admin/users role": { action: "user.role", form: async (db) => account(db, "role", [["role", "admin"]]) },
  "/admin/users reset-password": {
    action: "user.reset-password",
    answers: 200,
    form: (db) => account(db, "reset-password"),
  },
  "/admin/users deactivate": { action: "user.deactivate", form: (db) => account(db, "deactivate") },
  "/admin/users reactivate": { action: "user.reactivate", form: (db) => account(db, "reactivate") },
  "/admin/users reset-two-step": {
    action: "user.reset-two-step",
    form: (db) => account(db, "reset-two-step"),
  },
  // "no": requiring it would send the signed-in admin to set it up before the next write.
  "/admin/users two-step-required": {
    action: "user.two-step-required",
    form: async () => [
      ["intent", "two-step-required"],
      ["required", "no"],
    ],
  },
  "/admin/account change-password": {
    action: "account.password",
    by: "second",
    form: async () => [
      ["intent", "change-password"],
      ["current", ACCOUNTS.second.password],
      ["password", NEW_PASSWORD],
      ["confirm", NEW_PASSWORD],
    ],
  },
  "/admin/account sign-out-session": {
    action: "account.sign-out-session",
    by: "second",
    form: async (db) => {
      const id = await userId(db, ACCOUNTS.second.email);
      const other = await startSession(db, id);
      const key = (await listSessions(db, id, other.id)).find((s) => s.current)?.key ?? "";
      return [
        ["intent", "sign-out-session"],
        ["session", key],
      ];
    },
  },
  "/admin/account turn-on-two-step": {
    action: "account.two-step-set-up",
    by: "second",
    form: async () => [["intent", "turn-on-two-step"]],
  },
  "/admin/account confirm-two-step": {
    action: "account.two-step-on",
    by: "second",
    answers: 200,
    form: async (db) => [
      ["intent", "confirm-two-step"],
      ["code", currentCode(await twoStepSecret(db))],
    ],
  },
  "/admin/account turn-off-two-step": {
    action: "account.two-step-off",
    by: "second",
    // The next step's code: the one just used is not taken twice.
    form: async (db) => [
      ["intent", "turn-off-two-step"],
      ["password", NEW_PASSWORD],
      ["code", currentCode(await twoStepSecret(db), Date.now() + 30_000)],
    ],
  },
  "/admin/searches save-synonyms": {
    action: "synonyms.save",
    form: async () => [
      ["intent", "save-synonyms"],
      ["synonyms", "prakash → light"],
    ],
  },
  "/admin/media": {
    action: "media.upload",
    answers: 200,
    form: async () => ({
      multipart: {
        file: {
          name: "cover.png",
          mimeType: "image/png",
          buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2456d6" } })
            .png()
            .toBuffer(),
        },
      },
    }),
  },
};

function linkForm(intent: string, id: number, field = "id"): Fields {
  return [
    ["intent", intent],
    [field, String(id)],
  ];
}

/** The second admin's password after "Change password". */
const NEW_PASSWORD = "Quiet-harbor-2716";

async function userId(db: Database, email: string): Promise<number> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** A row action of Users on the editor's account. */
async function account(db: Database, intent: string, more: Array<[string, string]> = []): Promise<Fields> {
  return [["intent", intent], ["id", String(await userId(db, ACCOUNTS.editor.email))], ...more];
}

/** The second admin's two-step secret, as the QR code gives it to an app (stored sealed under the key file). */
async function twoStepSecret(db: Database): Promise<string> {
  const id = await userId(db, ACCOUNTS.second.email);
  const sealed = (
    await db.selectFrom("two_step").select("secret").where("user_id", "=", id).executeTakeFirstOrThrow()
  ).secret;
  const material = readKeyFile(path.join(own.dir, KEY_FILE_NAME));
  if (!material) throw new Error("the server made no key file beside its database");
  const secret = unseal(secretKeyFrom(material), sealed);
  if (secret === null) throw new Error("the key file does not open the stored secret");
  return secret;
}

/** "Restore" of item 1's oldest kept version (the writes above saved it at least once). */
async function restore(db: Database, kind: "chapter" | "note" | "post" | "guide", id = 1): Promise<Fields> {
  const table = ({ chapter: "chapters", note: "notes", post: "posts", guide: "guides" } as const)[kind];
  const current = await db.selectFrom(table).select("version").where("id", "=", id).executeTakeFirstOrThrow();
  const oldest = await db
    .selectFrom("versions")
    .select("version")
    .where("item_kind", "=", kind)
    .where("item_id", "=", id)
    .orderBy("version")
    .executeTakeFirstOrThrow();
  return [
    ["intent", "restore"],
    ["version", String(oldest.version)],
    ["current", String(current.version)],
  ];
}

/** A class's guide form as the page sends it, at its current version, its Difficulty changed. */
async function guideForm(db: Database, grade: 9 | 10 | 11 | 12): Promise<Fields> {
  const guide = await getGuide(db, grade);
  const values = guideFormValues(
    { ...guide.english, difficulty: `${guide.english.difficulty}!` },
    guide.hindi,
  );
  const fields: Array<[string, string]> = [
    ["intent", "save"],
    ["grade", String(grade)],
    ["version", String(guide.version)],
  ];
  for (const [name, value] of Object.entries(values)) {
    if (!Array.isArray(value)) fields.push([name, value]);
    else
      for (const [i, row] of value.entries())
        for (const [key, text] of Object.entries(row)) fields.push([`${name}[${i}].${key}`, String(text)]);
  }
  return fields;
}

/** The newest item of a kind in the Trash (the writes above deleted some). */
async function trashed(db: Database, kind: "chapter" | "post"): Promise<number> {
  const row = await db
    .selectFrom("trash")
    .select("id")
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A link the checker found Redirected (as a check would leave it), to use its new address. */
async function redirected(db: Database, skip: number): Promise<number> {
  const id = await one(db, "links", skip);
  await db
    .updateTable("links")
    .set({
      status: "redirected",
      final_url: `https://example.org/moved-${id}`,
      checked_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
  return id;
}

/** An open student's report of a link (as "Report broken link" makes one). */
async function report(db: Database): Promise<number> {
  const link = await one(db, "links", 0);
  const row = await db
    .insertInto("link_reports")
    .values({
      link_id: link,
      reason: "broken",
      page: "/",
      address_hash: "test",
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reports' form for one link's open reports, up to a new one made here. */
async function reportsForm(db: Database, intent: string): Promise<Fields> {
  const reportId = await report(db);
  const row = await db
    .selectFrom("link_reports")
    .select("link_id")
    .where("id", "=", reportId)
    .executeTakeFirstOrThrow();
  return [
    ["intent", intent],
    ["link", String(row.link_id)],
    ["newest", String(reportId)],
  ];
}

/** The console's actions as the fuzz test finds them, plus routes whose action reads no intent. */
function discoveredActions(): Array<{ key: string; path: string; intent: string }> {
  return consoleRoutes().flatMap((route) => {
    const source = fs.readFileSync(new URL(`../../app/${route.file}`, import.meta.url), "utf8");
    const hasAction = /export (async )?function action\b/.test(source);
    if (route.intents.length === 0)
      return hasAction ? [{ key: route.path, path: route.path, intent: "" }] : [];
    return route.intents.map((intent) => ({ key: `${route.path} ${intent}`, path: route.path, intent }));
  });
}

async function newestId(db: Database): Promise<number> {
  const row = await db.selectFrom("activity").select("id").orderBy("id", "desc").executeTakeFirst();
  return row?.id ?? 0;
}

test("every console write leaves one line in Activity: who, from where, what (a new action needs one)", async () => {
  const found = discoveredActions();
  expect(found.length).toBeGreaterThan(30);
  const missing = found.filter((a) => !(a.key in WRITES)).map((a) => a.key);
  expect(missing, "discovered console actions without a valid write in WRITES").toEqual([]);
  const stale = Object.keys(WRITES).filter((key) => !found.some((a) => a.key === key));
  expect(stale, "WRITES entries no route handles any more").toEqual([]);

  const clients = new Map<string, APIRequestContext>();
  const as = async (who: "admin" | "second") => {
    const known = clients.get(who);
    if (known) return known;
    const client = await signedIn(SITE_URL(), ACCOUNTS[who].email, ACCOUNTS[who].password);
    clients.set(who, client);
    return client;
  };
  const problems: string[] = [];
  try {
    for (const { key, path } of found) {
      const entry = WRITES[key];
      if (!entry || "notAnAction" in entry) continue;
      let fields: Fields;
      try {
        fields = await own.read(entry.form);
      } catch (err) {
        problems.push(`${key}: no valid write could be made: ${err instanceof Error ? err.message : err}`);
        continue;
      }
      // Signed in first: a sign-in is a line of its own.
      const api = await as(entry.by ?? "admin");
      const before = await own.read(newestId);
      // The Dashboard's list is the index route of /admin: its forms post to /admin?index.
      const target = path === "/admin" ? "/admin?index" : path;
      const response =
        "multipart" in fields
          ? await api.post(target, { multipart: fields.multipart as never, maxRedirects: 0 })
          : await api.post(target, {
              data: new URLSearchParams(fields).toString(),
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              maxRedirects: 0,
            });
      if (response.status() !== (entry.answers ?? 303)) {
        const body = await response.text();
        if (process.env.ACT_DEBUG) fs.writeFileSync(`/tmp/act-${key.replace(/\W+/g, "_")}.html`, body);
        const said = /role="alert"[^>]*>([^<]*)/.exec(body)?.[1];
        problems.push(`${key}: answered ${response.status()}: ${said ?? "(no message)"}`);
        continue;
      }
      const rows = await own.read((db) =>
        db.selectFrom("activity").selectAll().where("id", ">", before).orderBy("id").execute(),
      );
      const line = rows.map((r) => `${r.actor} ${r.address} ${r.action}`).join(" | ");
      const by = ACCOUNTS[entry.by ?? "admin"].email;
      if (
        rows.length !== 1 ||
        line !== `${by} 127.0.0.1 ${entry.action}` ||
        !(rows[0]?.item || rows[0]?.summary)
      )
        problems.push(`${key}: expected one ${entry.action} line with its item or summary, got [${line}]`);
    }
  } finally {
    for (const client of clients.values()) await client.dispose();
  }
  expect(problems).toEqual([]);
});

test("sign-ins and sign-outs are recorded with their address, never a password", async ({ browser }) => {
  const page = await adminOn(browser);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${SITE_URL()}/`);
  await page.context().close();
  const rows = await own.read((db) =>
    db
      .selectFrom("activity")
      .selectAll()
      .where("action", "in", ["user.sign-in", "user.sign-out"])
      .where("actor", "=", ACCOUNTS.admin.email)
      .orderBy("id", "desc")
      .limit(2)
      .execute(),
  );
  expect(rows.map((r) => [r.action, r.address, r.item])).toEqual([
    ["user.sign-out", "127.0.0.1", `account ${ACCOUNTS.admin.email}`],
    ["user.sign-in", "127.0.0.1", `account ${ACCOUNTS.admin.email}`],
  ]);
  const everything = JSON.stringify(await own.read((db) => db.selectFrom("activity").selectAll().execute()));
  for (const account of Object.values(ACCOUNTS)) expect(everything).not.toContain(account.password);
  expect(everything).not.toMatch(/cw_session|cw_device/);
});

async function adminOn(browser: Browser, js = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: SITE_URL(), javaScriptEnabled: js });
  const page = await context.newPage();
  await login(page);
  return page;
}

/** One parameter of the page's address. */
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test("the page: admins only, after Link health in the menu; filters, search and paging in the address, with and without JavaScript", async ({
  browser,
}) => {
  // 120 lines of two people over five days in March 2026 (India time), an hour apart.
  await own.read(async (db) => {
    const start = Date.parse("2026-03-01T00:00:00.000Z");
    for (let i = 0; i < 120; i++) {
      const who =
        i % 4 === 0
          ? person({ id: 90, email: "teacher@e2e.test" }, "203.0.113.7")
          : person({ id: 91, email: "editor@e2e.test" }, "203.0.113.8");
      await actingAs(who, () =>
        recordActivity(
          db,
          {
            action: i % 4 === 0 ? "post.publish" : "chapter.update",
            item: `chapter ${i} "Seeded ${i}"`,
            summary: i === 50 ? "title; links" : "links",
          },
          new Date(start + i * 3600_000),
        ),
      );
    }
  });

  const student = await (await browser.newContext({ baseURL: SITE_URL() })).newPage();
  await login(student, "student");
  expect((await student.goto("/admin/activity"))?.status()).toBe(403);
  await student.context().close();

  for (const js of [true, false]) {
    const page = await adminOn(browser, js);
    const menu = page.getByRole("navigation", { name: "Admin Menu" });
    // The console after signing in: its menu is there before it is read.
    await expect(menu.getByRole("link", { name: "My account" })).toBeVisible();
    const names = (await menu.getByRole("link").allTextContents()).map((n) => n.trim());
    const after = names.indexOf("Trash") >= 0 ? names.indexOf("Trash") : names.indexOf("Link health");
    expect(names.indexOf("Activity")).toBe(after + 1);
    await menu.getByRole("link", { name: "Activity" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    await expect(page).toHaveTitle(/^Activity/);
    // Newest first: the admin's own sign-in just now.
    await expect(page.getByRole("row").nth(1)).toContainText("Signed in");
    if (js) expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel("Person").selectOption("editor@e2e.test");
    await page.getByLabel("Action").selectOption({ label: "Edited a chapter" });
    await page.getByLabel("From").fill("2026-03-02");
    await page.getByLabel("To").fill("2026-03-04");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/what=chapter\.update/);
    expect([param(page, "who"), param(page, "from"), param(page, "to")]).toEqual([
      "editor@e2e.test",
      "2026-03-02",
      "2026-03-04",
    ]);
    const pages = page.getByRole("navigation", { name: "Pages" });
    // 2 to 4 March in India: rows 19 to 90, of which the editor's are 3 in 4 → 54.
    await expect(pages).toContainText("1–50 of 54 entries · page 1 of 2");
    const first = page.getByRole("row").nth(1);
    await expect(first).toContainText("4 Mar 2026, 11:30 pm");
    await expect(first).toContainText("editor@e2e.test");
    await expect(first).toContainText("203.0.113.8");
    await expect(first).toContainText("Edited a chapter");
    await expect(first).toContainText('chapter 90 "Seeded 90"');

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    expect(param(page, "who")).toBe("editor@e2e.test");
    await expect(pages).toContainText("51–54 of 54 entries · page 2 of 2");
    await expect(page.getByRole("row").last()).toContainText('chapter 19 "Seeded 19"');

    await page.getByLabel("Search").fill("TITLE;");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=TITLE/);
    await expect(pages).toContainText("1–1 of 1 entry");
    await expect(page.getByRole("row").nth(1)).toContainText("title; links");

    await page.getByRole("link", { name: "Show all activity" }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await page.context().close();
  }
});
