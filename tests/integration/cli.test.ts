import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { loadSecretKey, secretKeyFrom, setSecretKey } from "#app/server/accounts/secret-box.server.ts";
import { sessionUser, startSession } from "#app/server/accounts/sessions.server.ts";
import {
  confirmTwoStep,
  currentCode,
  spendCode,
  startTwoStep,
  twoStepState,
} from "#app/server/accounts/two-step.server.ts";
import { findUserByEmail, saveUser } from "#app/server/accounts/users.server.ts";
import { openDatabase } from "#app/server/db.server.ts";

// The commands as a newcomer runs them: `node cli/….ts` against DATABASE_URL, no build.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-cli-"));
const DATABASE_URL = path.join(dir, "site.db");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [`cli/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** How many chapters a SQLite database holds, as an instance opening it finds them. */
async function chapterCount(database: string): Promise<number> {
  const db = await openDatabase({ kind: "sqlite", file: database });
  try {
    const row = await db
      .selectFrom("chapters")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return Number(row?.n);
  } finally {
    await db.destroy();
  }
}

// Each case starts several Node processes: generous time on a busy machine.
describe("npm run user", { timeout: 120_000 }, () => {
  it("adds, lists and changes roles, keeping an admin; never prints the password", () => {
    const added = run("user", "add", "Teacher@School.in", "--password", "Secret-phrase-123", "--admin");
    expect(added).toMatchObject({ code: 0, out: "Created teacher@school.in (admin)." });
    expect(run("user", "list").out).toMatch(
      /^teacher@school\.in\tadmin\tactive\tsince \d{4}-\d{2}-\d{2}\tnever signed in$/,
    );
    // The only admin keeps the role until there is another.
    expect(run("user", "admin", "teacher@school.in", "off")).toMatchObject({
      code: 1,
      err: "The last active admin cannot lose the admin role: make another account an admin first.",
    });
    expect(
      run("user", "add", "head@school.in", "--password", "Secret-phrase-123", "--role", "admin").out,
    ).toBe("Created head@school.in (admin).");
    expect(run("user", "admin", "teacher@school.in", "off").out).toBe(
      "teacher@school.in has no console role.",
    );
    expect(run("user", "role", "teacher@school.in", "editor").out).toBe(
      "teacher@school.in has the editor role.",
    );
    expect(`${added.out}${added.err}`).not.toMatch(/Secret-phrase-123/);
  });

  it("logs out, sets a new password, deactivates, reactivates and removes an account", async () => {
    const db = await openDatabase({ kind: "sqlite", file: DATABASE_URL });
    const user = await findUserByEmail(db, "teacher@school.in");
    const session = await startSession(db, user?.id ?? 0);
    expect(run("user", "logout-all", "teacher@school.in").out).toBe("Ended 1 session of teacher@school.in.");
    expect(await sessionUser(db, session.id)).toBeNull();
    // A new password through the CLI ends the sessions signed in with the old one.
    const again = await startSession(db, user?.id ?? 0);
    const changed = run("user", "add", "teacher@school.in", "--password", "Another-phrase-456");
    expect(changed.out).toBe("Updated teacher@school.in (editor).");
    expect(await sessionUser(db, again.id)).toBeNull();
    // Deactivated: its sessions end and it cannot sign in; reactivated: it can again.
    const open = await startSession(db, user?.id ?? 0);
    expect(run("user", "deactivate", "teacher@school.in").out).toContain("is deactivated");
    expect(await sessionUser(db, open.id)).toBeNull();
    expect(run("user", "list").out).toMatch(/teacher@school\.in\teditor\tdeactivated/);
    expect(run("user", "reactivate", "teacher@school.in").out).toBe("teacher@school.in can sign in again.");
    await db.destroy();

    expect(`${changed.out}${changed.err}`).not.toMatch(/Another-phrase-456/);
    expect(run("user", "remove", "teacher@school.in")).toMatchObject({
      code: 0,
      out: "Removed teacher@school.in.",
    });
    expect(run("user", "remove", "teacher@school.in")).toMatchObject({
      code: 1,
      err: "No account teacher@school.in.",
    });
  });

  it("invite prints a one-time link on SITE_URL; the account waits for its password", () => {
    const invited = spawnSync(
      process.execPath,
      ["cli/user.ts", "invite", "New@School.in", "--role", "editor"],
      {
        env: { ...process.env, DATABASE_URL, SITE_URL: "https://cw.example" },
        encoding: "utf8",
      },
    );
    expect(invited.status).toBe(0);
    expect(invited.stdout).toMatch(/^Invited new@school\.in \(editor\)\./);
    expect(invited.stdout).toMatch(/^https:\/\/cw\.example\/set-password\/[A-Za-z0-9_-]{43}$/m);
    expect(run("user", "list").out).toMatch(/new@school\.in\teditor\tinvited/);
    expect(run("user", "invite", "new@school.in", "--role", "editor")).toMatchObject({ code: 1 });
  });

  it.each([
    [[]],
    [["bogus"]],
    [["add", "x@y.in"]],
    [["add", "--password", "Secret-phrase-123"]],
    [["add", "x@y.in", "--password", "Secret-phrase-123", "--superuser"]],
    [["add", "x@y.in", "--password", "Secret-phrase-123", "--role", "owner"]],
    [["admin", "x@y.in", "maybe"]],
    [["role", "x@y.in", "owner"]],
    [["invite", "x@y.in"]],
    [["deactivate"]],
    [["remove"]],
    [["list", "extra"]],
  ])("a bad argument prints usage and exits 1: %j", (args) => {
    const result = run("user", ...args);
    expect(result.code).toBe(1);
    expect(result.err).toContain("Usage:");
  });

  it("a password that breaks the rules or a bad e-mail is refused with a clear line", () => {
    expect(run("user", "add", "x@y.in", "--password", "short")).toMatchObject({
      code: 1,
      err: "The password must be at least 12 characters long.",
    });
    expect(run("user", "add", "x@y.in", "--password", "qwerty123456")).toMatchObject({
      code: 1,
      err: "This is one of the most common passwords, which are guessed first. Please choose another.",
    });
    expect(run("user", "add", "not-an-email", "--password", "long enough words")).toMatchObject({ code: 1 });
  });
});

describe("npm run content", { timeout: 120_000 }, () => {
  it("exports and restores; refuses bad files with a clear line", () => {
    run("user", "add", "backup@school.in", "--password", "Secret-phrase-123", "--admin");
    const file = path.join(dir, "backup.json");
    const exported = run("content", "export", file, "--with-users");
    expect(exported.code).toBe(0);
    expect(exported.out).toMatch(
      /^Exported 0 subjects, 0 chapters, 0 links, 0 notes, 0 posts, 4 guides, 0 images, 0 items in the Trash, 3 accounts, \d+ activity lines to /,
    );
    const [header] = fs.readFileSync(file, "utf8").split("\n");
    expect(JSON.parse(header ?? "")).toMatchObject({ format: "chapterwise-backup", version: 2 });
    expect(fs.statSync(file).mode & 0o077).toBe(0);

    fs.writeFileSync(path.join(dir, "broken.json"), "{ not json");
    expect(run("content", "import", path.join(dir, "broken.json"))).toMatchObject({ code: 1 });
    expect(run("content", "import", path.join(dir, "missing.json")).err).toContain("Cannot read");
    expect(run("content", "import").err).toContain("Usage:");
    expect(run("content", "export", file, "--bogus").err).toContain("unknown option --bogus");
    fs.writeFileSync(
      path.join(dir, "firestore.json"),
      JSON.stringify({ resources: [{ id: "r1", grade: 13 }] }),
    );
    const refused = run("content", "import", "--from-firestore", path.join(dir, "firestore.json"));
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("resources/r1: grade must be 9, 10, 11 or 12");
  });
});

describe("npm run content -- import --from-firestore", { timeout: 300_000 }, () => {
  const importing = (file: string, database: string, heapMb?: number) => {
    const result = spawnSync(
      process.execPath,
      [
        ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []),
        "cli/content.ts",
        "import",
        "--from-firestore",
        file,
      ],
      { env: { ...process.env, DATABASE_URL: database }, encoding: "utf8" },
    );
    return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
  };

  it("reads an export bigger than its heap as a stream", async () => {
    // 2,000 chapters whose documents carry fields the import does not use (a description, 200
    // tags): 38 MB that JSON.parse cannot hold, with the parsed documents, in a 64 MB heap.
    const file = path.join(dir, "big-export.json");
    const out = fs.openSync(file, "w");
    fs.writeSync(out, `{"subjects":{"10":{"science":"Science"}},"resources":[`);
    const about = "Chapter summary written by the original editors, with examples. ".repeat(250);
    for (let i = 0; i < 2000; i++) {
      const doc = {
        id: `r${i}`,
        grade: 10,
        subject: "science",
        chapterTitle: `Streamed chapter ${i}`,
        description: `${i} ${about}`,
        tags: Array.from({ length: 200 }, (_, j) => `tag-${i}-${j}`),
        notes: [{ title: "NCERT", url: `https://ncert.example/${i}` }],
      };
      fs.writeSync(out, `${i ? "," : ""}${JSON.stringify(doc)}`);
    }
    fs.writeSync(out, "]}");
    fs.closeSync(out);
    expect(fs.statSync(file).size).toBeGreaterThan(30_000_000);
    const database = path.join(dir, "streamed.db");
    const imported = importing(file, database, 64);
    expect(imported.err).toBe("");
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.out).toContain("Imported 1 subjects, 2000 chapters, 0 notes, 0 posts, 0 accounts.");
    expect(await chapterCount(database)).toBe(2000);
  });

  it("refuses a file it cannot read with one clear line, importing nothing", async () => {
    const database = path.join(dir, "refused.db");
    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    const good = JSON.stringify({
      subjects: { "10": { maths: "Mathematics" } },
      resources: [{ id: "r1", grade: 10, subject: "maths", chapterTitle: "Real Numbers" }],
    });
    const cases: Array<[string, RegExp]> = [
      [write("not-json.json", "{ not json"), /not valid JSON/],
      [write("cut.json", good.slice(0, -20)), /not valid JSON/],
      [write("empty.json", ""), /one JSON object keyed by collection/],
      [write("array.json", "[1, 2, 3]"), /one JSON object keyed by collection/],
      [write("trailing.json", `${good} {"more": 1}`), /not valid JSON/],
      // A document no Firestore export holds: one string of 9 MB.
      [
        write("huge.json", `{"resources":[{"id":"r1","chapterTitle":"${"a".repeat(9 * 1024 * 1024)}"}]}`),
        /resources\[0\]: over 8 MB|a value at byte \d+ is over 8 MB/,
      ],
    ];
    for (const [file, message] of cases) {
      const refused = importing(file, database);
      expect(refused.code, file).toBe(1);
      expect(refused.err, file).toMatch(message);
      expect(refused.err.split("\n"), file).toHaveLength(1);
      expect(refused.err, file).not.toMatch(/\bat .*\.ts:\d+/);
    }
    // A collection that is not a list is named among the documents' problems.
    const notAList = importing(
      write("not-a-list.json", JSON.stringify({ resources: { r1: { id: "r1" } } })),
      database,
    );
    expect(notAList).toMatchObject({ code: 1 });
    expect(notAList.err).toContain("resources: must be a list of documents");
    // A thousand bad documents: the first hundred are named, with how many more there are.
    const bad = Array.from({ length: 1000 }, (_, i) => ({ id: `b${i}`, grade: 13 }));
    const many = importing(
      write("many-bad.json", JSON.stringify({ resources: [...JSON.parse(good).resources, ...bad] })),
      database,
    );
    expect(many.code).toBe(1);
    expect(many.err).toContain("resources/b0: grade must be 9, 10, 11 or 12");
    expect(many.err).toMatch(/… and [\d,]+ more/);
    expect(many.err.split("\n").length).toBeLessThan(110);
    expect(await chapterCount(database)).toBe(0);
  });
});

describe("a command's load on SQLite and the other connections to the file", { timeout: 300_000 }, () => {
  // 4,000 chapters of ten links: long enough a load to watch from outside while it runs.
  const file = path.join(dir, "journal-export.json");
  const chapters = 4000;
  const writeExport = () => {
    const resources = Array.from({ length: chapters }, (_, i) => ({
      id: `j${i}`,
      grade: 9 + (i % 4),
      subject: "science",
      chapterTitle: `Journal chapter ${i}`,
      notes: Array.from({ length: 10 }, (_, j) => ({
        title: `Notes ${j}`,
        url: `https://notes.example/${i}/${j}`,
      })),
    }));
    const science = { science: "Science" };
    fs.writeFileSync(
      file,
      JSON.stringify({ subjects: { "9": science, "10": science, "11": science, "12": science }, resources }),
    );
  };
  /** Starts the import; `watch` runs on every turn of this process's event loop until it ends. */
  const importWatched = (database: string, watch: (stop: () => void) => void) =>
    new Promise<{ code: number | null; signal: string | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, ["cli/content.ts", "import", "--from-firestore", file], {
        env: { ...process.env, DATABASE_URL: database },
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => {
        out += d;
      });
      child.stderr.on("data", (d) => {
        err += d;
      });
      let running = true;
      const turn = () => {
        if (!running) return;
        watch(() => child.kill("SIGKILL"));
        setImmediate(turn);
      };
      turn();
      child.on("close", (code, signal) => {
        running = false;
        resolve({ code, signal, out: out.trim(), err: err.trim() });
      });
    });
  const opened = async (database: string) => {
    const db = await openDatabase({ kind: "sqlite", file: database });
    await db.destroy();
  };

  it("alone on the file, it writes through a rollback journal; killed half-way, nothing is in and the next opener finds the file whole", async () => {
    writeExport();
    const database = path.join(dir, "journal-alone.db");
    await opened(database);
    let journalSeen = false;
    const killed = await importWatched(database, (stop) => {
      if (!journalSeen && fs.existsSync(`${database}-journal`)) {
        journalSeen = true;
        stop();
      }
    });
    expect(journalSeen).toBe(true);
    expect(killed.signal).toBe("SIGKILL");
    // The next opener rolls the journal back and sets WAL again.
    expect(await chapterCount(database)).toBe(0);
    const raw = new DatabaseSync(database);
    try {
      expect(raw.prepare("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
      expect(raw.prepare("pragma journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      raw.close();
    }
    expect(fs.existsSync(`${database}-journal`)).toBe(false);
    // Run again to the end: all of it is in, and the file is in WAL mode for the servers.
    const again = await importWatched(database, () => undefined);
    expect(again.err).toBe("");
    expect(again.out).toContain(`Imported 4 subjects, ${chapters} chapters, 0 notes, 0 posts, 0 accounts.`);
    const after = new DatabaseSync(database);
    try {
      expect(after.prepare("select count(*) as n from chapters").get()).toEqual({ n: chapters });
      expect(after.prepare("pragma journal_mode").get()).toEqual({ journal_mode: "wal" });
      // While a load holds the file so (here this connection, as the command does), an instance
      // starting says why it cannot, in words, and at once.
      after.exec(
        "pragma journal_mode = delete; begin immediate; delete from chapters where id = (select min(id) from chapters)",
      );
      await expect(openDatabase({ kind: "sqlite", file: database })).rejects.toThrow(
        "another process has the database file to itself (a restore or import: npm run content); start again when it has ended",
      );
      after.exec("rollback");
    } finally {
      after.close();
    }
  });

  it("with a server's connection open on the file, it keeps WAL: that connection reads on throughout", async () => {
    writeExport();
    const database = path.join(dir, "journal-shared.db");
    await opened(database);
    // As the server's reader: no busy wait, reads outside any transaction.
    const server = new DatabaseSync(database);
    server.exec("PRAGMA busy_timeout = 0");
    const counts = new Set<number>();
    let reads = 0;
    let journalSeen = false;
    try {
      const imported = await importWatched(database, () => {
        journalSeen ||= fs.existsSync(`${database}-journal`);
        const row = server.prepare("select count(*) as n from chapters").get() as { n: number };
        counts.add(row.n);
        reads++;
      });
      expect(imported.err).toBe("");
      expect(imported.code).toBe(0);
      counts.add((server.prepare("select count(*) as n from chapters").get() as { n: number }).n);
      expect(server.prepare("pragma journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      server.close();
    }
    expect(journalSeen).toBe(false);
    expect(reads).toBeGreaterThan(10);
    // Before the commit nothing, after it everything: never a half.
    expect([...counts].sort((a, b) => a - b)).toEqual([0, chapters]);
  });
});

describe("SECRET_KEY and the commands", { timeout: 240_000 }, () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-cli-key-"));
  const site = path.join(keyDir, "site.db");
  afterAll(() => fs.rmSync(keyDir, { recursive: true, force: true }));
  /** A command on `site`, with SECRET_KEY as given (unset: the key file beside the database). */
  function command(env: Record<string, string>, script: string, ...args: string[]) {
    const result = spawnSync(process.execPath, [`cli/${script}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: site, SECRET_KEY: "", ...env },
      encoding: "utf8",
    });
    return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
  }
  const NEW = randomBytes(32).toString("hex");
  const T0 = Date.UTC(2026, 10, 28, 10, 0, 15);
  let secret = "";

  it("rotate-secret-key: the old key from a file, the new one from SECRET_KEY; bad input changes nothing", async () => {
    // The first command makes the key file, as the demo's server would.
    expect(command({}, "user", "list")).toMatchObject({ code: 0, out: "No accounts yet." });
    const keyFile = path.join(keyDir, "secret-key");
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    setSecretKey(loadSecretKey({ kind: "sqlite", file: site }, undefined));
    const db = await openDatabase({ kind: "sqlite", file: site });
    const { user } = await saveUser(db, "rotated@school.in", "Secret-phrase-123", { role: "admin" });
    await startTwoStep(db, user.id);
    const state = await twoStepState(db, user, "ChapterWise");
    if (state.status !== "setting-up") throw new Error("not setting up");
    secret = state.secret;
    await confirmTwoStep(db, user.id, currentCode(secret, T0), T0);
    const sealedBefore = await db.selectFrom("two_step").select("secret").execute();
    await db.destroy();

    const file = (name: string, text: string, mode = 0o600) => {
      const at = path.join(keyDir, name);
      fs.writeFileSync(at, text, { mode });
      fs.chmodSync(at, mode);
      return at;
    };
    const rotate = (env: Record<string, string>, ...args: string[]) =>
      command(env, "user", "rotate-secret-key", ...args);
    expect(rotate({ SECRET_KEY: NEW }).err).toContain("rotate-secret-key: give --old-key-file FILE");
    expect(rotate({ SECRET_KEY: NEW }, "--old-key-file").err).toContain("Usage:");
    expect(rotate({ SECRET_KEY: NEW }, "--old-key-file", path.join(keyDir, "missing")).err).toBe(
      `Cannot read ${path.join(keyDir, "missing")}.`,
    );
    expect(
      rotate({ SECRET_KEY: NEW }, "--old-key-file", file("garbage", "not a key, a passphrase")).err,
    ).toMatch(/^--old-key-file: must be 32 bytes or more/);
    expect(rotate({ SECRET_KEY: NEW }, "--old-key-file", file("huge", "a".repeat(1_000_000))).err).toMatch(
      /^--old-key-file: .* is too big to be a key file$/,
    );
    expect(rotate({ SECRET_KEY: NEW }, "--old-key-file", file("open", NEW, 0o644)).err).toMatch(
      /^--old-key-file: .* can be read by others than its owner/,
    );
    expect(rotate({ SECRET_KEY: "short" }, "--old-key-file", keyFile).err).toMatch(
      /^SECRET_KEY: must be 32 bytes/,
    );
    const stranger = file("stranger", randomBytes(32).toString("base64"));
    const refused = rotate({ SECRET_KEY: NEW }, "--old-key-file", stranger);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.err).toMatch(
      /^Nothing changed: neither key opens the two-step secret of rotated@school\.in\./,
    );
    expect(rotate({ SECRET_KEY: fs.readFileSync(keyFile, "utf8") }, "--old-key-file", keyFile).err).toBe(
      "The old key and SECRET_KEY are the same key: nothing to do.",
    );
    const check = await openDatabase({ kind: "sqlite", file: site });
    expect(await check.selectFrom("two_step").select("secret").execute()).toEqual(sealedBefore);
    await check.destroy();

    const done = rotate({ SECRET_KEY: NEW }, "--old-key-file", keyFile);
    expect(done).toMatchObject({
      code: 0,
      out: "Sealed 1 two-step secret under the new key. Start every instance with this SECRET_KEY.",
    });
    expect(`${done.out}${done.err}`).not.toContain(NEW);
    expect(rotate({ SECRET_KEY: NEW }, "--old-key-file", keyFile).out).toMatch(/^Sealed 0 two-step secrets/);
    setSecretKey(secretKeyFrom(Buffer.from(NEW, "hex")));
    const after = await openDatabase({ kind: "sqlite", file: site });
    expect(await spendCode(after, user.id, currentCode(secret, T0 + 30_000), T0 + 30_000)).toBe("app");
    expect(
      await after
        .selectFrom("activity")
        .select("action")
        .where("action", "=", "user.rotate-secret-key")
        .execute(),
    ).toHaveLength(2);
    await after.destroy();
  });

  it("content import under another key names the accounts that must set up two-step sign-in again", () => {
    const backup = path.join(keyDir, "with-users.jsonl.gz");
    expect(command({ SECRET_KEY: NEW }, "content", "export", backup, "--with-users").code).toBe(0);
    // A new site elsewhere, with a key of its own (its generated file).
    const elsewhere = path.join(keyDir, "elsewhere", "site.db");
    const restored = command({ DATABASE_URL: elsewhere }, "content", "import", backup);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("1 of them must set up two-step sign-in again");
    expect(restored.out).toContain(
      "account rotated@school.in must set up two-step sign-in again: the backup sealed its secret under another SECRET_KEY (its password, role and status are as they were)",
    );
    // Under the key it was sealed with, nothing to say.
    const same = path.join(keyDir, "same", "site.db");
    const kept = command({ DATABASE_URL: same, SECRET_KEY: NEW }, "content", "import", backup);
    expect(kept.code).toBe(0);
    expect(kept.out).not.toContain("two-step");
  });
});
