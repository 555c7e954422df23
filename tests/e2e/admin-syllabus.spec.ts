import type { Browser, Page } from "@playwright/test";
import { removeMadeContent, seedChapters, seedSubject } from "./admin-content.ts";
import { expect as baseExpect, hydrated, login, seriousA11yViolations, test } from "./fixtures.ts";

// This year's syllabus (DESIGN.md 8.1): the current session (admins), statuses set on /admin/syllabus
// and in Edit Resource (editors), and the public badges and heading, with and without JavaScript.

// One long walk through two roles and two browsers (with and without JavaScript).
test.describe.configure({ timeout: 300_000 });
// Saves that redirect and render again: patient on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

async function signedIn(browser: Browser, account: "admin" | "editor", js = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  await login(page, account);
  return page;
}

/** Screenshots for a person to look at (SYLLABUS_SHOTS=1), at a phone's, a tablet's and a laptop's width. */
async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.SYLLABUS_SHOTS) return;
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/syllabus-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("an editor sets statuses on /admin/syllabus and in Edit Resource; an admin chooses the session; students see it", async ({
  browser,
}) => {
  const admin = await signedIn(browser, "admin");
  const subject = await seedSubject(admin, 9);
  await seedChapters(admin, 9, subject.code, [
    { title: `Matter ${subject.code}` },
    { title: `Motion ${subject.code}` },
    { title: `Force ${subject.code}` },
  ]);
  const [matter, motion, force] = ["Matter", "Motion", "Force"].map((t) => `${t} ${subject.code}`) as [
    string,
    string,
    string,
  ];
  try {
    // The admin chooses the session (the test does not depend on today's date).
    await admin.goto("/admin/syllabus");
    await admin
      .getByRole("navigation", { name: "Admin Menu" })
      .getByRole("link", { name: "Syllabus" })
      .click();
    await expect(admin.getByRole("heading", { level: 1, name: "Syllabus" })).toBeVisible();
    await hydrated(admin);
    await admin.getByLabel("Current session").selectOption("2027-28");
    await admin.getByRole("button", { name: "Save session" }).click();
    await expect(
      admin.getByRole("status").filter({ hasText: "The current session is now 2027-28." }),
    ).toBeVisible();
    await expect(admin.getByLabel("Current session")).toHaveValue("2027-28");
    await admin.getByLabel("Current session").selectOption("2026-27");
    await admin.getByRole("button", { name: "Save session" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "now 2026-27" })).toBeVisible();
    // A session that is not offered: the console's message, nothing changes.
    const odd = await admin.request.post("/admin/syllabus", {
      form: { intent: "set-session", session: "2026-28" },
    });
    expect(odd.status()).toBe(400);
    expect(await odd.text()).toContain("Current session: choose one of the sessions in the list");

    // An editor sees the session but cannot change it.
    const editor = await signedIn(browser, "editor");
    const list = `/admin/syllabus?grade=9&subject=${subject.code}`;
    await editor.goto(list);
    await expect(editor.getByText("Current session: 2026-27")).toBeVisible();
    await expect(editor.getByLabel("Current session")).toHaveCount(0);
    const refused = await editor.request.post("/admin/syllabus", {
      form: { intent: "set-session", session: "2025-26" },
    });
    expect(await refused.text()).toContain("Only an admin can change the current session.");
    await editor.reload();
    await expect(editor.getByText("Current session: 2026-27")).toBeVisible();

    // Several statuses at once.
    await hydrated(editor);
    await editor.getByLabel(`Syllabus status of ${motion}`).selectOption({ label: "Not in syllabus" });
    await editor.getByLabel(`What changed in ${motion}`).fill("Section 3.4 removed");
    await editor.getByLabel(`Syllabus status of ${force}`).selectOption({ label: "New this session" });
    await editor.getByRole("button", { name: "Save statuses" }).click();
    await expect(
      editor.getByRole("status").filter({ hasText: "Syllabus status saved for 2 chapters." }),
    ).toBeVisible();
    await expect(editor.getByLabel(`Syllabus status of ${motion}`)).toHaveValue("out");
    // The list's search narrows it.
    await editor.getByLabel("Search").fill("Force");
    await editor.getByRole("button", { name: "Apply" }).click();
    await expect(editor.getByLabel(/^Syllabus status of /)).toHaveCount(1);
    expect(await seriousA11yViolations(editor)).toEqual([]);

    // Hostile or wrong input: a clear message, nothing changed.
    const id = await editor.getByRole("link", { name: `Edit Resource ${force}` }).getAttribute("href");
    const chapterId = id?.split("/").at(-1) ?? "";
    for (const [field, value, message] of [
      ["status", "gone", "Syllabus status: choose In syllabus"],
      ["whatChanged", "x".repeat(301), "What changed: at most 300 characters"],
    ] as const) {
      const bad = await editor.request.post(list, {
        form: {
          intent: "save-statuses",
          "rows[0].id": chapterId,
          "rows[0].status": "out",
          [`rows[0].${field}`]: value,
        },
      });
      expect(bad.status()).toBe(400);
      expect(await bad.text()).toContain(message);
    }

    // Edit Resource: the same status with Book and Chapter number; a bad number keeps the form.
    await editor.goto(list);
    const edit = await editor.getByRole("link", { name: `Edit Resource ${matter}` }).getAttribute("href");
    await editor.goto(edit ?? "");
    const dialog = editor.getByRole("dialog", { name: "Edit Resource" });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await hydrated(editor);
    await expect(dialog.getByLabel("Syllabus status")).toHaveValue("in");
    await dialog.getByLabel("Syllabus status").selectOption({ label: "Not in syllabus" });
    await dialog.getByLabel("What changed").fill("Moved to Class 8");
    await dialog.getByLabel("Book").fill("NCERT Science");
    await dialog.getByLabel("Chapter number").fill("0");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      dialog.getByText("Chapter number: a whole number from 1 to 999, or leave it empty.", { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByLabel("What changed")).toHaveValue("Moved to Class 8");
    await dialog.getByLabel("Chapter number").fill("2");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      editor.getByRole("status").filter({ hasText: "Chapter updated successfully." }),
    ).toBeVisible();
    await editor.goto(list);
    await expect(editor.getByLabel(`Syllabus status of ${matter}`)).toHaveValue("out");
    await expect(editor.getByText("NCERT Science · Chapter 2")).toBeVisible();
    await shots(editor, "admin");

    // Students: the class page lists chapters not in the syllabus last, under their heading.
    for (const js of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const student = await context.newPage();
      await student.goto(`/class/9?subject=${subject.code}`);
      const heading = student.getByRole("heading", { name: "Not in the 2026-27 syllabus" });
      await expect(heading).toBeVisible();
      const out = student.locator("section[aria-labelledby=not-in-syllabus]");
      await expect(out.getByRole("listitem").getByRole("heading")).toHaveText([matter, motion]);
      await expect(out.getByText("Not in 2026-27 syllabus")).toHaveCount(2);
      const cards = student.getByRole("listitem").filter({ hasText: force });
      await expect(cards.getByText("New in 2026-27")).toBeVisible();
      if (js) await shots(student, "class");
      await out.getByRole("link", { name: `View Resources for ${motion}` }).click();
      await expect(student.getByRole("heading", { level: 1, name: motion })).toBeVisible();
      await expect(student.getByText("Not in 2026-27 syllabus")).toBeVisible();
      await expect(student.getByText("Section 3.4 removed")).toBeVisible();
      // Search results say it too.
      await student.goto(`/search?q=${encodeURIComponent(motion)}`);
      await expect(
        student
          .getByRole("listitem")
          .filter({ hasText: motion })
          .first()
          .getByText("Not in 2026-27 syllabus"),
      ).toBeVisible();
      await context.close();
    }

    // Without JavaScript, the console's form works too: Motion back into the syllabus.
    const plain = await signedIn(browser, "editor", false);
    await plain.goto(list);
    await plain.getByLabel(`Syllabus status of ${motion}`).selectOption("in");
    await plain.getByLabel(`What changed in ${motion}`).fill("");
    await plain.getByRole("button", { name: "Save statuses" }).click();
    await expect(plain.getByText("Syllabus status saved for 1 chapter.")).toBeVisible();
    const visitor = await browser.newPage();
    await visitor.goto(`/class/9/chapter/${motion.toLowerCase().replaceAll(" ", "-")}`);
    await expect(visitor.getByRole("heading", { level: 1, name: motion })).toBeVisible();
    await expect(visitor.getByText("Not in 2026-27 syllabus")).toHaveCount(0);
    await visitor.close();
    await plain.context().close();
    await editor.context().close();
  } finally {
    await removeMadeContent(admin);
    await admin.context().close();
  }
});
