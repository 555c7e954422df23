import { aboutCopy } from "#app/content/about-copy.ts";
import { guideCommon, guides, subjectStrategies } from "#app/content/guides.ts";
import { homeCopy } from "#app/content/home-copy.ts";
import { privacyPolicy, termsAndConditions } from "#app/content/legal.ts";
import { examDatesLabel } from "#app/lib/exam-year.ts";
import { GRADES } from "#app/lib/grades.ts";
import { pageTitle } from "#app/lib/seo.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { E2E_PORT } from "./accounts.ts";
import { expect, seriousA11yViolations, test } from "./fixtures.ts";

// The same configuration the e2e server builds (tests/e2e/server.ts).
const config = loadConfig({ ...process.env, PORT: String(E2E_PORT), HOST: "127.0.0.1" });
const about = aboutCopy(config.siteName);

test.describe("study guides", () => {
  for (const grade of GRADES) {
    test(`/guide/${grade} shows the guide with this season's exam dates and the exam pattern`, async ({
      page,
      consoleErrors,
    }) => {
      const guide = guides[grade];
      await page.goto(`/guide/${grade}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: guide.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${guide.title}`));
      await expect(main.getByText(guide.subtitle, { exact: true })).toBeVisible();
      await expect(main.getByText(guide.description)).toBeVisible();
      const examDates = examDatesLabel(grade, new Date());
      expect(examDates).toMatch(/ 20\d\d$/);
      await expect(main.getByText(examDates, { exact: true })).toBeVisible();
      for (const value of [guide.difficulty, guide.importance]) {
        await expect(main.getByText(value, { exact: true })).toBeVisible();
      }
      for (const subject of guide.keySubjects) {
        await expect(main.getByRole("heading", { level: 3, name: subject, exact: true })).toBeVisible();
      }
      for (const tip of [...guide.tips, ...guide.strategies]) {
        await expect(
          main.getByRole("heading", { level: 3, name: tip.title, exact: true }).first(),
        ).toBeVisible();
      }
      for (const item of subjectStrategies[grade]) await expect(main.getByText(item.strategy)).toBeVisible();

      const pattern = page.getByRole("region", { name: "Exam Pattern" });
      await expect(pattern.getByText("3 hours", { exact: true })).toBeVisible();
      await expect(pattern.getByText("80", { exact: true })).toBeVisible();
      await expect(pattern.getByText("33%", { exact: true })).toBeVisible();
      for (const [name, marks] of [
        ["Objective", 20],
        ["Short Answer", 30],
        ["Long Answer", 30],
      ] as const) {
        const row = pattern.getByRole("listitem").filter({ hasText: name });
        await expect(row).toContainText(`${marks} marks`);
      }
      await expect(pattern.getByText(guideCommon.examPatternNote)).toBeVisible();

      const timeline = page.getByRole("region", { name: "Preparation Timeline" });
      for (const month of ["April-June", "July-September", "October-December", "January-March"]) {
        await expect(timeline.getByText(month, { exact: true })).toBeVisible();
      }
      for (const heading of [
        guideCommon.subjectStrategiesHeading,
        guideCommon.quickTips.heading,
        guideCommon.appCta.heading,
        guideCommon.preExam.heading,
        guideCommon.lastMonth.heading,
        guideCommon.successTips.heading,
        guideCommon.thingsToAvoid.heading,
      ]) {
        await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      const appLink = main.getByRole("link", { name: guideCommon.appCta.buttonLabel });
      await expect(appLink).toHaveAttribute("href", config.appStoreUrl);
      await expect(main.getByRole("link", { name: "View Study Resources" })).toHaveAttribute(
        "href",
        `/class/${grade}`,
      );
      await main.getByRole("link", { name: "Back to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const bad of ["8", "13", "abc", "9x"]) {
    test(`/guide/${bad} redirects to / with 302`, async ({ page, request }) => {
      const response = await request.get(`/guide/${bad}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(new URL(response.headers().location ?? "", config.siteUrl).pathname).toBe("/");
      await page.goto(`/guide/${bad}`);
      await expect(page).toHaveURL(/\/$/);
      await expect(
        page.getByRole("heading", { level: 1, name: homeCopy(config.siteName).hero.heading }),
      ).toBeVisible();
    });
  }

  test("a guide has Article and breadcrumb data for search engines", async ({ page }) => {
    await page.goto("/guide/12");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${config.siteUrl}/guide/12`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")["@type"]));
    expect(types).toEqual(expect.arrayContaining(["Article", "BreadcrumbList"]));
  });
});

test.describe("about", () => {
  test("shows every section and its two buttons", async ({ page, consoleErrors }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: about.hero.heading })).toBeVisible();
    for (const heading of [
      about.mission.title,
      about.vision.title,
      about.features.heading,
      about.impact.heading,
      about.values.heading,
      about.commitment.heading,
      about.cta.heading,
    ]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    for (const item of [...about.features.items, ...about.values.items]) {
      await expect(main.getByRole("heading", { level: 3, name: item.title })).toBeVisible();
    }
    for (const stat of about.impact.stats) {
      await expect(main.getByText(stat.value, { exact: true })).toBeVisible();
      await expect(main.getByText(stat.label, { exact: true })).toBeVisible();
    }
    for (const point of about.commitment.points) await expect(main.getByText(point)).toBeVisible();
    const app = main.getByRole("link", { name: about.cta.appButton });
    await expect(app).toHaveAttribute("href", config.appSiteUrl);
    await expect(app).toHaveAttribute("target", "_blank");
    await expect(app).toHaveAttribute("rel", "noopener noreferrer");
    await expect(main.getByRole("link", { name: about.cta.classesButton })).toHaveAttribute(
      "href",
      "/#classes",
    );
    await expect(page).toHaveTitle(pageTitle(config, about.meta.title));
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")["@type"]));
    expect(types).toEqual(expect.arrayContaining(["AboutPage", "Organization"]));
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("privacy policy and terms", () => {
  for (const [path, document] of [
    ["/privacy-policy", privacyPolicy(config.siteName)],
    ["/terms-and-conditions", termsAndConditions(config.siteName)],
  ] as const) {
    test(`${path} shows ${document.title} with every section`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: document.title })).toBeVisible();
      await expect(main.getByText("Last updated:")).toBeVisible();
      for (const section of document.sections) {
        await expect(main.getByRole("heading", { level: 2, name: section.heading })).toBeVisible();
      }
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${config.siteUrl}${path}`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
      expect(consoleErrors).toEqual([]);
    });
  }

  test("the privacy policy names every cookie the site sets", async ({ page }) => {
    await page.goto("/privacy-policy");
    for (const cookie of [/cw_session/, /cw_device/]) {
      await expect(page.getByRole("main").getByText(cookie).first()).toBeVisible();
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home is readable, its FAQ opens and its links work", async ({ page, consoleErrors }) => {
    const copy = homeCopy(config.siteName);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: copy.hero.heading })).toBeVisible();
    const first = copy.faq.items[0];
    if (!first) throw new Error("FAQ is empty");
    await page.getByText(first.question).click();
    await expect(page.getByText(first.answer)).toBeVisible();
    await page.getByRole("link", { name: copy.hero.exploreButton }).click();
    await expect(page).toHaveURL(/\/#classes$/);
    await expect(page.getByRole("heading", { level: 2, name: "Choose Your Class" })).toBeInViewport();
    await page.getByRole("banner").getByRole("button", { name: "Guides" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Class 9 Study Guide" }).click();
    await expect(page).toHaveURL(/\/guide\/9$/);
    expect(consoleErrors).toEqual([]);
  });

  test("a guide is readable and its buttons are plain links", async ({ page, consoleErrors }) => {
    await page.goto("/guide/10");
    await expect(page.getByRole("heading", { level: 1, name: guides[10].title })).toBeVisible();
    await expect(page.getByText(examDatesLabel(10, new Date()), { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Study Resources" })).toHaveAttribute(
      "href",
      "/class/10",
    );
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(consoleErrors).toEqual([]);
  });

  test("about's 'Explore Classes' leads to the classes on the home page", async ({ page, consoleErrors }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: about.hero.heading })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: about.cta.classesButton }).click();
    await expect(page).toHaveURL(/\/#classes$/);
    await expect(page.getByRole("heading", { level: 2, name: "Choose Your Class" })).toBeInViewport();
    expect(consoleErrors).toEqual([]);
  });

  test("the mobile menu still opens and closes on a phone", async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/privacy-policy");
    const menu = page.getByRole("navigation", { name: "Menu" });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("accessibility (axe, WCAG 2 A and AA)", () => {
  const pages = [
    "/",
    "/guide/9",
    "/guide/12",
    "/about",
    "/privacy-policy",
    "/terms-and-conditions",
    "/missing",
  ];
  for (const width of [1280, 375]) {
    for (const path of pages) {
      test(`${path} at ${width} px has no serious violations`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    }

    test(`the open menu at ${width} px has no serious violations`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      if (width < 992) await page.getByRole("button", { name: "Menu", exact: true }).click();
      else await page.getByRole("banner").getByRole("button", { name: "Guides" }).click();
      await expect(page.getByRole("link", { name: "Class 9 Study Guide" }).first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test(`an open FAQ answer at ${width} px has no serious violations`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const item = homeCopy(config.siteName).faq.items[2];
      await page.getByText(item?.question ?? "").click();
      await expect(page.getByText(item?.answer ?? "")).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
