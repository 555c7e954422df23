import net from "node:net";
import type { Locator, Page } from "@playwright/test";
import { slugify } from "#app/lib/slug.ts";
import { demoSubjects } from "../../cli/demo-catalogue.ts";
import { E2E_PORT } from "./accounts.ts";
import { remember, removeMadeContent, seedChapters, seedSubject, unique } from "./admin-content.ts";
import { expect, hydrated, login, seriousA11yViolations, test } from "./fixtures.ts";

// Chapters are added to subjects of their own (unique keys), removed again afterwards, so the demo
// catalogue stays as it is.

function chapter(page: Page, n: number): Locator {
  return page.getByRole("group", { name: `Chapter ${n}`, exact: true });
}

function list(scope: Locator, kind: "Notes" | "Questions" | "Lectures"): Locator {
  return scope.getByRole("group", { name: kind, exact: true });
}

/** Adds one link row to a chapter's list and fills it. */
async function addLink(scope: Locator, kind: "Notes" | "Questions" | "Lectures", title: string, url: string) {
  const rows = list(scope, kind);
  const before = await rows.getByLabel("URL").count();
  await rows.getByRole("button", { name: `Add ${kind} link` }).click();
  await expect(rows.getByLabel("URL")).toHaveCount(before + 1);
  await rows.getByLabel("Title", { exact: true }).nth(before).fill(title);
  await rows.getByLabel("URL").nth(before).fill(url);
}

async function chooseSubject(page: Page, grade: number, code: string) {
  await page.getByLabel("Class", { exact: true }).selectOption(String(grade));
  await page.getByLabel("Subject", { exact: true }).selectOption(code);
}

function dashboardRow(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
}

test.describe("Add Data", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("the form: class 9 by default, subjects follow the class, chapters start with no link rows", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Add Resources by Chapter" })).toBeVisible();
    const grade = page.getByLabel("Class", { exact: true });
    const subject = page.getByLabel("Subject", { exact: true });
    await expect(grade).toHaveValue("9");
    // The demo catalogue's subjects, in its order.
    await expect(subject.getByRole("option")).toHaveText(demoSubjects(9).map((s) => s.label));
    await grade.selectOption("12");
    await expect(subject.getByRole("option")).toHaveText(demoSubjects(12).map((s) => s.label));
    await expect(page.getByRole("button", { name: "Show subjects" })).toHaveCount(0);

    const first = chapter(page, 1);
    await expect(first.getByLabel("Chapter Title")).toBeVisible();
    await expect(first.getByLabel("URL")).toHaveCount(0);
    await list(first, "Notes").getByRole("button", { name: "Add Notes link" }).click();
    await expect(list(first, "Notes").getByLabel("URL")).toHaveCount(1);
    await expect(list(first, "Notes").getByLabel("Title", { exact: true })).toBeFocused();
    await expect(list(first, "Questions").getByLabel("URL")).toHaveCount(0);
    await list(first, "Notes").getByRole("button", { name: "Remove Notes link 1" }).click();
    await expect(first.getByLabel("URL")).toHaveCount(0);

    await page.getByRole("button", { name: "Add Chapter" }).click();
    await expect(chapter(page, 2).getByLabel("Chapter Title")).toBeFocused();
    await expect(chapter(page, 2).getByLabel("URL")).toHaveCount(0);
    await chapter(page, 2).getByRole("button", { name: "Remove chapter 2" }).click();
    await expect(chapter(page, 2)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("adds chapters with links: toast, the form resets, class and subject stay", async ({
    adminPage: page,
    consoleErrors,
  }) => {
    const subject = await seedSubject(page, 11);
    const [one, two] = [unique("First chapter"), unique("Second chapter")];
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await chooseSubject(page, 11, subject.code);
    await chapter(page, 1).getByLabel("Chapter Title").fill(one);
    await addLink(chapter(page, 1), "Notes", "Chapter summary", "https://example.org/summary");
    await addLink(chapter(page, 1), "Lectures", "Video lesson", "https://example.org/video");
    await page.getByRole("button", { name: "Add Chapter" }).click();
    await chapter(page, 2).getByLabel("Chapter Title").fill(two);
    await addLink(chapter(page, 2), "Questions", "Worksheet", "https://example.org/worksheet");
    // An "Add … link" clicked by mistake and left empty is skipped, not an error.
    await list(chapter(page, 2), "Notes").getByRole("button", { name: "Add Notes link" }).click();
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Data successfully added!" })).toBeVisible();
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue("");
    await expect(chapter(page, 1).getByLabel("URL")).toHaveCount(0);
    await expect(chapter(page, 2)).toHaveCount(0);
    await expect(page.getByLabel("Class", { exact: true })).toHaveValue("11");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(subject.code);

    await page.goto(`/admin?grade=11&subject=${subject.code}`);
    await expect(page.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveText([
      new RegExp(one),
      new RegExp(two),
    ]);
    expect(consoleErrors).toEqual([]);
  });

  test("the button reads 'Saving...' and is disabled while the form is sent", async ({ adminPage: page }) => {
    const subject = await seedSubject(page, 10);
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await chooseSubject(page, 10, subject.code);
    await chapter(page, 1).getByLabel("Chapter Title").fill(unique("Slow"));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin/add-resource.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expect(page.getByRole("status").filter({ hasText: "Data successfully added!" })).toBeVisible();
  });

  test("nothing to add: the spec's alert", async ({ adminPage: page }) => {
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fill out" })).toHaveText(
      /Please fill out class, subject, and at least one chapter\./,
    );
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveAttribute("aria-invalid", "true");
  });

  test("a bad URL and a missing link title: messages at those fields, nothing saved, everything kept", async ({
    adminPage: page,
  }) => {
    const subject = await seedSubject(page, 9);
    const title = unique("Checked");
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await chooseSubject(page, 9, subject.code);
    await chapter(page, 1).getByLabel("Chapter Title").fill(title);
    await addLink(chapter(page, 1), "Notes", "Fine", "ftp://example.org/file");
    await addLink(chapter(page, 1), "Questions", "", "https://example.org/questions");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Something went wrong." })).toBeVisible();
    const badUrl = list(chapter(page, 1), "Notes").getByLabel("URL");
    await expect(badUrl).toHaveAttribute("aria-invalid", "true");
    await expect(badUrl).toHaveAccessibleDescription(/only web addresses starting with http/);
    await expect(badUrl).toBeFocused();
    const noTitle = list(chapter(page, 1), "Questions").getByLabel("Title", { exact: true });
    await expect(noTitle).toHaveAttribute("aria-invalid", "true");
    await expect(noTitle).toHaveAccessibleDescription(/give this link a title/);
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue(title);
    await expect(list(chapter(page, 1), "Questions").getByLabel("URL")).toHaveValue(
      "https://example.org/questions",
    );

    // Fixed, it saves.
    await badUrl.fill("https://example.org/file");
    await noTitle.fill("Questions");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Data successfully added!" })).toBeVisible();
  });

  test("a title whose address another subject of the class holds: the message at the title, nothing saved", async ({
    adminPage: page,
  }) => {
    const other = unique("Other");
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await chooseSubject(page, 10, "science");
    await chapter(page, 1).getByLabel("Chapter Title").fill(other);
    await page.getByRole("button", { name: "Add Chapter" }).click();
    await chapter(page, 2).getByLabel("Chapter Title").fill("Real Numbers");
    await page.getByRole("button", { name: "Submit" }).click();

    const title = chapter(page, 2).getByLabel("Chapter Title");
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription(/Class 10 already has "Real Numbers" \(Mathematics\)/);
    await expect(page.getByRole("alert").filter({ hasText: "Something went wrong." })).toContainText(
      "Real Numbers",
    );
    await expect(title).toHaveValue("Real Numbers");
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue(other);

    // All or nothing: the valid first chapter was not saved either.
    await page.goto("/admin?grade=10&subject=science");
    await expect(dashboardRow(page, other)).toHaveCount(0);
  });

  test("a title in Devanagari: its address keeps the script and is found however it is spelled", async ({
    adminPage: page,
  }) => {
    const subject = await seedSubject(page, 10);
    const title = `सूरदास के पद ${unique("x").slice(2)}`;
    const slug = slugify(title);
    expect(slug).toMatch(/^सूरदास-के-पद-[a-z0-9]+$/);
    await seedChapters(page, 10, subject.code, [{ title }]);

    // From the class page's card, as a student gets there.
    await page.goto(`/class/10?subject=${subject.code}`);
    await page.getByRole("link", { name: new RegExp(title) }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const encoded = `/class/10/chapter/${encodeURIComponent(slug)}`;
    expect(new URL(page.url()).pathname).toBe(encoded);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${encoded}$`));
    // Typed into the address bar as it reads (the browser sends it as UTF-8), and decomposed (NFD),
    // as some keyboards write it: the same chapter.
    await page.goto(`/class/10/chapter/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const nfd = await page.request.get(`/class/10/chapter/${encodeURIComponent(slug.normalize("NFD"))}`);
    expect(nfd.status()).toBe(200);
    expect(await nfd.text()).toContain(title);
    // Unencoded bytes on the wire are not HTTP: Node's parser answers a plain 400 (no browser sends them).
    const raw = await new Promise<string>((resolve) => {
      let answer = "";
      const socket = net.connect(E2E_PORT, "127.0.0.1", () =>
        socket.end(
          `GET /class/10/chapter/${slug} HTTP/1.1\r\nHost: 127.0.0.1:${E2E_PORT}\r\nConnection: close\r\n\r\n`,
        ),
      );
      socket.on("data", (chunk) => {
        answer += String(chunk);
      });
      socket.on("close", () => resolve(answer));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);

    // Only combining marks, or only punctuation: refused with the usual words, nothing saved.
    for (const bad of ["\u093f\u0902", "। ॥ —"]) {
      const refused = await page.request.post("/admin/add-resource", {
        form: { intent: "save", grade: "10", subject: subject.code, "chapters[0].title": bad },
      });
      expect(await refused.text()).toContain("Chapter Title: use at least one letter or digit.");
    }
  });

  test("a reload after an add shows the form again and adds nothing twice (POST/redirect/GET)", async ({
    adminPage: page,
  }) => {
    const subject = await seedSubject(page, 10);
    const title = unique("Once");
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await chooseSubject(page, 10, subject.code);
    await chapter(page, 1).getByLabel("Chapter Title").fill(title);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Data successfully added!" })).toBeVisible();
    // The page after the add is a GET of the form, naming what was added.
    await expect(page).toHaveURL(/\/admin\/add-resource\?grade=10&subject=[^&]+&added=\d+$/);
    await expect(page.getByRole("region", { name: `Added to Class 10 ${subject.label}:` })).toContainText(
      title,
    );
    await page.reload();
    await hydrated(page);
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue("");
    await page.goto(`/admin?grade=10&subject=${subject.code}`);
    await expect(page.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveText([
      new RegExp(title),
    ]);
  });

  test("the Add Data screen passes the accessibility check", async ({ adminPage: page }) => {
    test.setTimeout(90_000);
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await list(chapter(page, 1), "Notes").getByRole("button", { name: "Add Notes link" }).click();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fill out" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("walk-through: a new class 12 subject, three chapters, reordered, on the public pages in that order", async ({
    adminPage: page,
  }) => {
    test.setTimeout(150_000);
    const code = unique("walk");
    const label = `Walk ${code}`;
    await page.goto("/admin/subjects?grade=12");
    await hydrated(page);
    await page.getByLabel("Label", { exact: true }).fill(label);
    await page.getByLabel("Subject key").fill(code);
    await page.getByRole("button", { name: "Add Subject" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Subject added." })).toBeVisible();
    remember(12, code);

    const titles = ["Optics", "Waves", "Magnetism"].map((t) => unique(t)) as [string, string, string];
    await page.goto("/admin/add-resource");
    await hydrated(page);
    await chooseSubject(page, 12, code);
    for (const [i, title] of titles.entries()) {
      if (i > 0) await page.getByRole("button", { name: "Add Chapter" }).click();
      await chapter(page, i + 1)
        .getByLabel("Chapter Title")
        .fill(title);
      await addLink(chapter(page, i + 1), "Notes", `${title} notes`, `https://example.org/${i}/notes`);
      await addLink(chapter(page, i + 1), "Lectures", `${title} lecture`, `https://example.org/${i}/lecture`);
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Data successfully added!" })).toBeVisible();

    // Magnetism first: move it up twice.
    await page.goto(`/admin?grade=12&subject=${code}`);
    await hydrated(page);
    for (let i = 0; i < 2; i++) {
      await dashboardRow(page, titles[2]).getByRole("button", { name: "Move up" }).click();
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: `Moved "${titles[2]}" up.` })
          .last(),
      ).toBeVisible();
    }
    const expected = [titles[2], titles[0], titles[1]];
    await expect(page.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveText(
      expected.map((t) => new RegExp(t)),
    );

    await page.goto(`/class/12?subject=${code}`);
    const cards = page.getByRole("region", { name: /chapters/ }).getByRole("heading", { level: 3 });
    await expect(cards).toHaveText(expected);

    for (const [i, title] of titles.entries()) {
      await page.goto(`/class/12?subject=${code}`);
      // The card's link ("View Resources …") names the chapter.
      await page.getByRole("link", { name: new RegExp(`View Resources.*${title}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/class/12/chapter/${slugify(title)}$`));
      await hydrated(page);
      await page.getByRole("button", { name: "Continue to chapter" }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`${title} notes`, { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: new RegExp(`^Open.*${title} lecture`) })).toHaveAttribute(
        "href",
        `https://example.org/${i}/lecture`,
      );
    }
  });
});

test.describe("Add Data without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("one chapter with one link: rows and subjects come from the server, everything typed is kept", async ({
    page,
  }) => {
    await login(page, "admin");
    const subject = await seedSubject(page, 11);
    const title = unique("No script");
    await page.goto("/admin/add-resource");
    await page.getByLabel("Class", { exact: true }).selectOption("11");
    await chapter(page, 1).getByLabel("Chapter Title").fill(title);
    await page.getByRole("button", { name: "Show subjects" }).click();
    await expect(
      page.getByLabel("Subject", { exact: true }).getByRole("option", { name: subject.label }),
    ).toHaveCount(1);
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue(title);
    await page.getByLabel("Subject", { exact: true }).selectOption(subject.code);

    await list(chapter(page, 1), "Notes").getByRole("button", { name: "Add Notes link" }).click();
    const notes = list(chapter(page, 1), "Notes");
    await expect(notes.getByLabel("URL")).toHaveCount(1);
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue(title);
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(subject.code);
    await notes.getByLabel("Title", { exact: true }).fill("Plain HTML link");
    await notes.getByLabel("URL").fill("https://example.org/plain");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByRole("status")).toHaveText(/Data successfully added!/);
    await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue("");
    await page.goto(`/class/11/chapter/${slugify(title)}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Plain HTML link", { exact: true })).toBeVisible();
  });

  test("a refused form comes back with the messages at the fields", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/add-resource");
    await page.getByLabel("Class", { exact: true }).selectOption("10");
    await page.getByRole("button", { name: "Show subjects" }).click();
    await page.getByLabel("Subject", { exact: true }).selectOption("science");
    await chapter(page, 1).getByLabel("Chapter Title").fill("Real Numbers");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert")).toContainText("Something went wrong.");
    const title = chapter(page, 1).getByLabel("Chapter Title");
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveValue("Real Numbers");
    await expect(page.getByLabel("Class", { exact: true })).toHaveValue("10");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("science");
  });
});

/** Sends a chapter whose link has no title and a bad URL; returns the toast and the two fields' messages. */
async function refusedLink(page: Page, javaScript: boolean, subject: { code: string }, title: string) {
  await page.goto("/admin/add-resource");
  if (javaScript) await hydrated(page);
  await page.getByLabel("Subject", { exact: true }).selectOption(subject.code);
  await chapter(page, 1).getByLabel("Chapter Title").fill(title);
  // Without JavaScript the row comes from the server; everything typed so far is kept.
  await list(chapter(page, 1), "Notes").getByRole("button", { name: "Add Notes link" }).click();
  const notes = list(chapter(page, 1), "Notes");
  await notes.getByLabel("URL").fill("ftp://example.org/file");
  await page.getByRole("button", { name: "Submit" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Something went wrong." });
  await expect(alert).toBeVisible();
  const linkTitle = notes.getByLabel("Title", { exact: true });
  await expect(linkTitle).toHaveAttribute("aria-invalid", "true");
  await expect(chapter(page, 1).getByLabel("Chapter Title")).toHaveValue(title);
  await expect(notes.getByLabel("URL")).toHaveValue("ftp://example.org/file");
  if (javaScript) await expect(linkTitle).toBeFocused();
  const described = async (field: Locator) =>
    field.evaluate((element) =>
      (element.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
  return {
    toast: (await alert.textContent())?.replace(title, "TITLE"),
    title: await described(linkTitle),
    url: await described(notes.getByLabel("URL")),
  };
}

test.describe("Add Data: the same messages with and without JavaScript", () => {
  test.afterEach(async ({ page }) => removeMadeContent(page));

  test("a refused form keeps what was typed, focuses the first message (with JavaScript), says the same without", async ({
    adminPage: page,
    browser,
  }) => {
    test.slow(); // two browsers
    const subject = await seedSubject(page, 9);
    const withScript = await refusedLink(page, true, subject, unique("Messages"));
    expect(withScript.title).toMatch(/give this link a title/);
    expect(withScript.url).toMatch(/only web addresses starting with http/);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await login(plain, "admin");
    expect(await refusedLink(plain, false, subject, unique("Messages"))).toEqual(withScript);
    await context.close();
  });
});
