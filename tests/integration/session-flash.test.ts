import { expect, it } from "vitest";
import { makeToast } from "#app/lib/toast.ts";
import { addFlash, endSession, startSession, takeFlash } from "#app/server/accounts/sessions.server.ts";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { describeEachDatabase } from "./databases.ts";

describeEachDatabase("toasts in the session (POST/redirect/GET)", (db) => {
  it("a toast left by a write is shown once, on the next page, to that session only", async () => {
    const { user } = await saveUser(db(), "flash@school.in", "password-123");
    const mine = await startSession(db(), user.id);
    const other = await startSession(db(), user.id);
    const toast = makeToast("success", "Blog post added.");
    await addFlash(db(), mine.id, toast);
    expect(await takeFlash(db(), other.id)).toEqual([]);
    expect(await takeFlash(db(), mine.id)).toEqual([toast]);
    // A reload shows nothing again.
    expect(await takeFlash(db(), mine.id)).toEqual([]);
  });

  it("keeps the last three of a burst, in order; unknown or ended sessions hold nothing", async () => {
    const { user } = await saveUser(db(), "burst@school.in", "password-123");
    const session = await startSession(db(), user.id);
    const toasts = ["one", "two", "three", "four"].map((m) => makeToast("error", m));
    for (const t of toasts) await addFlash(db(), session.id, t);
    expect((await takeFlash(db(), session.id)).map((t) => t.message)).toEqual(["two", "three", "four"]);

    const stray = makeToast("error", "stray");
    await addFlash(db(), "forged", stray);
    expect(await takeFlash(db(), "forged")).toEqual([]);
    await addFlash(db(), undefined, stray);
    await addFlash(db(), session.id, makeToast("success", "late"));
    await endSession(db(), session.id);
    expect(await takeFlash(db(), session.id)).toEqual([]);
  });

  it("two pages taking at once show a toast once", async () => {
    const { user } = await saveUser(db(), "race@school.in", "password-123");
    const session = await startSession(db(), user.id);
    await addFlash(db(), session.id, makeToast("success", "Note added"));
    const [a, b] = await Promise.all([takeFlash(db(), session.id), takeFlash(db(), session.id)]);
    expect(a.length + b.length).toBe(1);
  });
});
