// Test data for the console's chapter and subject screens, made through the console's own forms
// (the same actions the screens post to), and removed again after each test, so the demo catalogue
// other tests read (e.g. a class's list of subjects) looks the same before and after.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${crypto.randomUUID().slice(0, 4)}`;
}

type Grade = 9 | 10 | 11 | 12;
export type LinkRows = { notes?: string[][]; questions?: string[][]; lectures?: string[][] };

const made: Array<{ grade: Grade; code: string }> = [];

/** Remembers a subject a test made through the screen, so `removeMadeContent` deletes it. */
export function remember(grade: Grade, code: string): void {
  // Only what `unique` made: the clean-up must never touch a demo subject or its chapters.
  if (!/-[a-z0-9]{12}$/.test(code)) throw new Error(`not a test subject: ${code}`);
  made.push({ grade, code });
}

/** A subject of its own in `grade`. */
export async function seedSubject(page: Page, grade: Grade): Promise<{ code: string; label: string }> {
  const code = unique("t");
  const label = `Test ${code}`;
  const response = await page.request.post(`/admin/subjects?grade=${grade}`, {
    form: { intent: "add", grade: String(grade), code, label },
  });
  expect(response.status()).toBe(200);
  remember(grade, code);
  return { code, label };
}

/** Chapters added through the Add Data form's action. */
export async function seedChapters(
  page: Page,
  grade: Grade,
  subject: string,
  chapters: Array<{ title: string } & LinkRows>,
): Promise<void> {
  const form: Record<string, string> = { intent: "save", grade: String(grade), subject };
  chapters.forEach((c, i) => {
    form[`chapters[${i}].title`] = c.title;
    for (const kind of ["notes", "questions", "lectures"] as const) {
      (c[kind] ?? []).forEach(([title, url], j) => {
        form[`chapters[${i}].${kind}[${j}].title`] = title ?? "";
        form[`chapters[${i}].${kind}[${j}].url`] = url ?? "";
      });
    }
  });
  const response = await page.request.post("/admin/add-resource", { form });
  expect(response.status()).toBe(200);
}

/** Deletes the chapters and subjects the test made (what is already gone is skipped). */
export async function removeMadeContent(page: Page): Promise<void> {
  while (made.length > 0) {
    const { grade, code } = made.pop() as { grade: Grade; code: string };
    const list = `/admin?grade=${grade}&subject=${code}`;
    const html = await (await page.request.get(list)).text();
    // Each row's Delete button carries the chapter's id.
    for (const [button] of html.matchAll(/<button[^>]*\bname="delete"[^>]*>/g)) {
      const id = /\bvalue="(\d+)"/.exec(button)?.[1];
      if (!id) continue;
      await page.request.post(`/admin?index&grade=${grade}&subject=${code}`, {
        form: { intent: "delete", id },
      });
    }
    const deleted = await page.request.post(`/admin/subjects?grade=${grade}`, {
      form: { intent: "delete", grade: String(grade), code },
    });
    // 404: the test deleted it itself.
    expect([200, 404], `clean-up of subject ${code}`).toContain(deleted.status());
  }
}
