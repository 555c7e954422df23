import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emptyPostValues } from "#app/lib/post-form.ts";
import { LOGIN_LIMIT, signIn } from "#app/server/accounts/login-limits.server.ts";
import { createChapters } from "#app/server/catalogue/chapters.server.ts";
import { addNote } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import {
  activityChoices,
  activityItem,
  deleteOldActivity,
  listActivity,
  recordActivity,
} from "#app/server/console/activity.server.ts";
import { actingAs, person } from "#app/server/console/actor.server.ts";
import { openDatabase } from "#app/server/db.server.ts";
import { activityRetentionJob } from "#app/server/jobs/activity-retention.server.ts";
import { runJobOnce } from "#app/server/jobs/lease.server.ts";
import { addPost } from "#app/server/publishing/posts.server.ts";
import { describeEachDatabase } from "./databases.ts";

const teacher = person({ id: 7, email: "teacher@school.in" }, "203.0.113.9");
const at = (iso: string) => new Date(iso);

describeEachDatabase("the Activity log", (db) => {
  it("records who, when, from where and what; 'system' outside a person's work; every text capped to a line", async () => {
    await actingAs(teacher, () =>
      recordActivity(
        db(),
        { action: "chapter.update", item: 'chapter 1 "Light"', summary: "title,\n links" },
        at("2026-01-10T10:00:00.000Z"),
      ),
    );
    await recordActivity(db(), { action: "post.publish-scheduled", item: "x".repeat(5000) });
    const rows = await db().selectFrom("activity").selectAll().orderBy("id").execute();
    expect(rows[0]).toMatchObject({
      at: "2026-01-10T10:00:00.000Z",
      actor: "teacher@school.in",
      actor_id: 7,
      address: "203.0.113.9",
      action: "chapter.update",
      item: 'chapter 1 "Light"',
      summary: "title, links",
    });
    expect(rows[1]).toMatchObject({ actor: "system", actor_id: null, address: null, summary: null });
    expect(rows[1]?.item).toHaveLength(300);
    expect(rows[1]?.item?.endsWith("…")).toBe(true);
    await db().deleteFrom("activity").execute();
  });

  it("names items by id and title, read before the write; many at once with 'and N more'", async () => {
    await addSubject(db(), 10, "science", "Science");
    const chapters = await createChapters(
      db(),
      10,
      "science",
      ["Light", "Sound", "Heat", "Force", "Work", "Power", "Motion"].map((title) => ({
        title,
        links: { notes: [], questions: [], lectures: [] },
      })),
    );
    const [light, sound] = chapters;
    if (!light || !sound) throw new Error("chapters not made");
    expect(await activityItem(db(), "chapter", [light.id])).toBe(`chapter ${light.id} "Light" (class 10)`);
    expect(await activityItem(db(), "chapter", [light.id, sound.id])).toBe(
      `2 chapters: ${light.id} "Light" (class 10), ${sound.id} "Sound" (class 10)`,
    );
    const seven = await activityItem(
      db(),
      "chapter",
      chapters.map((c) => c.id),
    );
    expect(seven).toMatch(/^7 chapters: .* and 2 more$/);
    const note = await addNote(db(), {
      chapterId: light.id,
      content: "<p>Reflection</p>",
      seoDescription: "",
      seoKeywords: "",
    });
    expect(await activityItem(db(), "note", [note.id])).toBe(`note ${note.id} of "Light" (class 10)`);
    const post = await addPost(
      db(),
      { ...emptyPostValues(""), title: "Exam tips", slug: "exam-tips" },
      { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" },
    );
    expect(await activityItem(db(), "post", [post.id])).toBe(`post ${post.id} "Exam tips"`);
    // Gone already: named by its id.
    expect(await activityItem(db(), "post", [999_999])).toBe("post 999999");
  });

  it("lists newest first, 50 a page, narrowed by person, action, India days and words", async () => {
    const admin = person({ id: 1, email: "admin@school.in" }, "198.51.100.1");
    const start = Date.parse("2026-03-01T00:00:00.000Z");
    // 120 lines an hour apart: admin edits chapters, the teacher publishes posts.
    for (let i = 0; i < 120; i++) {
      const who = i % 3 === 0 ? teacher : admin;
      const action = i % 3 === 0 ? "post.publish" : "chapter.update";
      await actingAs(who, () =>
        recordActivity(
          db(),
          { action, item: `item ${i}`, summary: i === 7 ? "Title; 100% new" : "links" },
          new Date(start + i * 3600_000),
        ),
      );
    }
    const all = await listActivity(db(), { page: 1 });
    expect(all).toMatchObject({ total: 120, page: 1, pageCount: 3, pageSize: 50 });
    expect(all.rows[0]?.item).toBe("item 119");
    expect(all.rows).toHaveLength(50);
    const last = await listActivity(db(), { page: 9 });
    expect(last.page).toBe(3);
    expect(last.rows).toHaveLength(20);
    expect(last.rows.at(-1)?.item).toBe("item 0");
    // No two pages share a row.
    const second = await listActivity(db(), { page: 2 });
    expect(new Set([...all.rows, ...second.rows, ...last.rows].map((r) => r.id)).size).toBe(120);

    expect((await listActivity(db(), { page: 1, who: "teacher@school.in" })).total).toBe(40);
    expect((await listActivity(db(), { page: 1, action: "chapter.update" })).total).toBe(80);
    expect(
      (await listActivity(db(), { page: 1, who: "teacher@school.in", action: "chapter.update" })).total,
    ).toBe(0);
    // 1 March in India ends at 18:30 UTC: rows 0..18 (00:00 to 18:00 UTC).
    expect((await listActivity(db(), { page: 1, to: "2026-03-01" })).total).toBe(19);
    // 2 March in India: 18:30 UTC on 1 March to 18:30 UTC on 2 March.
    const day = await listActivity(db(), { page: 1, from: "2026-03-02", to: "2026-03-02" });
    expect(day.total).toBe(24);
    expect(day.rows.at(-1)?.item).toBe("item 19");
    // Words in the item or summary, any case; % is a character, not a wildcard.
    expect((await listActivity(db(), { page: 1, q: "ITEM 11" })).rows.map((r) => r.item)).toEqual([
      "item 119",
      "item 118",
      "item 117",
      "item 116",
      "item 115",
      "item 114",
      "item 113",
      "item 112",
      "item 111",
      "item 110",
      "item 11",
    ]);
    expect((await listActivity(db(), { page: 1, q: "100% new" })).rows.map((r) => r.item)).toEqual([
      "item 7",
    ]);
    expect((await listActivity(db(), { page: 1, q: "0% n" })).total).toBe(1);
    expect((await listActivity(db(), { page: 1, q: "%" })).total).toBe(1);

    const choices = await activityChoices(db());
    expect(choices.people).toEqual(expect.arrayContaining(["admin@school.in", "teacher@school.in"]));
    expect(choices.actions).toEqual(expect.arrayContaining(["chapter.update", "post.publish"]));
  });

  it("keeps 365 days: the daily job deletes older rows, on one instance, and nothing newer", async () => {
    await db().deleteFrom("activity").execute();
    const now = at("2027-06-01T00:00:00.000Z");
    const day = 24 * 3600_000;
    for (const age of [366, 365.5, 364, 1])
      await recordActivity(
        db(),
        { action: "chapter.add", item: `aged ${age}` },
        new Date(now.getTime() - age * day),
      );
    // Nothing is old enough a year earlier.
    expect(await deleteOldActivity(db(), new Date(now.getTime() - 400 * day))).toBe(0);
    const rounds = await Promise.all(
      ["a", "b"].map((holder) => runJobOnce(db(), activityRetentionJob, holder, now)),
    );
    expect(rounds.filter((r) => r.ran)).toHaveLength(1);
    const left = await db().selectFrom("activity").select("item").orderBy("at").execute();
    expect(left.map((r) => r.item)).toEqual(["aged 364", "aged 1"]);
    // A day later the job runs again (its period is a day), with nothing more to delete.
    expect(await runJobOnce(db(), activityRetentionJob, "b", new Date(now.getTime() + day))).toEqual({
      ran: true,
      result: undefined,
    });
  });

  it("a burst of failed sign-ins is named once, when the limits start refusing, never with the password", async () => {
    const t0 = Date.parse("2026-05-01T10:00:00.000Z");
    const outcomes = [];
    for (let i = 0; i < LOGIN_LIMIT.perAccount + 2; i++)
      outcomes.push(
        await signIn(
          db(),
          { email: "Victim@x.in", password: "Guess-pass-1", address: `10.7.0.${i}` },
          t0 + i,
        ),
      );
    const reached = outcomes.filter((o) => o.status === "failed" && o.limitReached);
    expect(reached).toEqual([{ status: "failed", limitReached: ["account victim@x.in from new places"] }]);
    expect(outcomes.at(-1)).toMatchObject({ status: "limited" });
    // One address spraying accounts: its budget is named when used up.
    const spray = [];
    for (let i = 0; i < LOGIN_LIMIT.perAddress; i++)
      spray.push(
        await signIn(db(), { email: `s${i}@x.in`, password: "p", address: "192.0.2.99" }, t0 + 1000),
      );
    expect(spray.at(-1)).toEqual({ status: "failed", limitReached: ["address 192.0.2.99"] });
    expect(JSON.stringify(outcomes)).not.toContain("Guess-pass-1");
  });
});

// The command line as a person runs it, against a database of its own (SQLite: the CLI reads
// DATABASE_URL, and a PostgreSQL schema of its own is not something a URL can name).
describe("the command line's changes in the Activity log", { timeout: 120_000 }, () => {
  it("records account changes as 'command line', never the password", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-activity-"));
    const file = path.join(dir, "site.db");
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["cli/user.ts", ...args], {
        env: { ...process.env, DATABASE_URL: file },
        encoding: "utf8",
      }).status;
    try {
      // Another admin first: the last admin cannot be demoted.
      expect(run("add", "boss@school.in", "--password", "Chief-Secret-Pass-0", "--admin")).toBe(0);
      expect(run("add", "head@school.in", "--password", "Very-Secret-Pass-1", "--admin")).toBe(0);
      expect(run("add", "head@school.in", "--password", "Other-Secret-Pass-2")).toBe(0);
      expect(run("admin", "head@school.in", "off")).toBe(0);
      expect(run("remove", "head@school.in")).toBe(0);
      const db = await openDatabase({ kind: "sqlite", file });
      const rows = await db.selectFrom("activity").selectAll().orderBy("id").execute();
      await db.destroy();
      expect(rows.map((r) => [r.actor, r.actor_id, r.address, r.action, r.item])).toEqual([
        ["command line", null, null, "user.add", "account boss@school.in"],
        ["command line", null, null, "user.add", "account head@school.in"],
        ["command line", null, null, "user.password", "account head@school.in"],
        ["command line", null, null, "user.role", "account head@school.in"],
        ["command line", null, null, "user.remove", "account head@school.in"],
      ]);
      expect(rows[2]?.summary).toContain("new password");
      expect(JSON.stringify(rows)).not.toMatch(/Secret-Pass/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
