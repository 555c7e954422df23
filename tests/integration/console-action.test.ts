import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { z } from "zod";
import { requestContext, servicesContext } from "#app/context.ts";
import { typedText } from "#app/lib/form-fields.ts";
import { startSession, takeFlash } from "#app/server/accounts/sessions.server.ts";
import { saveUser } from "#app/server/accounts/users.server.ts";
import { addSubject, listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { loadConfig } from "#app/server/config.server.ts";
import { listActivity } from "#app/server/console/activity.server.ts";
import { consoleAction, type FormReply, RefusedWith } from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { PageCache } from "#app/server/platform/page-cache.server.ts";
import { describeEachDatabase } from "./databases.ts";

/** A form with one required field, as Manage Subjects sends it. */
const subjectForm = z.object({
  code: z.string({ error: "Enter the subject's code." }),
  label: typedText(200),
});

async function consoleContext(db: Database, email: string) {
  const { user } = await saveUser(db, email, "password-123");
  const session = await startSession(db, user.id);
  const context = new RouterContextProvider();
  context.set(servicesContext, { db, config: loadConfig({}), pageCache: new PageCache(db) });
  context.set(requestContext, {
    nonce: "",
    pageKey: null,
    user: null,
    sessionId: session.id,
    clientAddress: "127.0.0.1",
  });
  return { context, sessionId: session.id };
}

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/admin/subjects?grade=9&delete=x", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/** Adds the form's subject to class 9; the toast names it. */
function addIt(db: Database) {
  return (form: z.output<typeof subjectForm>) => ({
    failed: "Subject not added.",
    write: async () => {
      const added = await addSubject(db, 9, form.code, form.label);
      return { message: `Added ${added.label}.`, what: { action: "subject.add", item: added.code } };
    },
  });
}

/** The runner's answer when it did not redirect. */
function reply<Shown>(answer: unknown): { body: FormReply<Shown>; status: number } {
  expect(answer).not.toBeInstanceOf(Response);
  const { data, init } = answer as { data: FormReply<Shown>; init: ResponseInit | null };
  return { body: data, status: init?.status ?? 200 };
}

describeEachDatabase("the console's one runner (consoleAction)", (db) => {
  it("a write that succeeds is recorded, toasted and redirected to the form's page", async () => {
    const { context, sessionId } = await consoleContext(db(), "runner-ok@school.in");
    const answer = await consoleAction(
      context,
      post({ code: "astro", label: "Astronomy" }),
      { schema: subjectForm, back: "/admin/subjects?grade=9" },
      addIt(db()),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/admin/subjects?grade=9");
    expect((await listSubjects(db(), 9)).map((s) => s.code)).toContain("astro");
    expect((await takeFlash(db(), sessionId)).map((t) => [t.kind, t.message])).toEqual([
      ["success", "Added Astronomy."],
    ]);
    const log = await listActivity(db(), { action: "subject.add", page: 1 });
    expect(log.rows.map((r) => r.item)).toEqual(["astro"]);
  });

  it("a form the schema refuses is shown again as typed, its message at its field, nothing written", async () => {
    const { context, sessionId } = await consoleContext(db(), "runner-invalid@school.in");
    let wrote = false;
    const answer = await consoleAction(
      context,
      post({ label: "No code" }),
      { schema: subjectForm, invalid: "Subject not added." },
      () => ({
        write: async () => {
          wrote = true;
          return { shown: null };
        },
      }),
    );
    const { body, status } = reply(answer);
    expect(status).toBe(400);
    expect(wrote).toBe(false);
    expect(body.message).toBe("Subject not added. Enter the subject's code.");
    expect(body.result.error).toEqual({ code: ["Enter the subject's code."] });
    expect(body.result.initialValue).toEqual({ label: "No code" });
    expect((await takeFlash(db(), sessionId)).map((t) => [t.kind, t.message])).toEqual([
      ["error", "Subject not added. Enter the subject's code."],
    ]);
  });

  it("a domain error becomes the refusal, at its field, with what was typed; nothing is recorded", async () => {
    const { context, sessionId } = await consoleContext(db(), "runner-refused@school.in");
    await addSubject(db(), 9, "geo", "Geography");
    const before = (await listActivity(db(), { page: 1 })).total;
    const answer = await consoleAction(
      context,
      post({ code: "geo", label: "Geography again" }),
      { schema: subjectForm },
      addIt(db()),
    );
    const { body, status } = reply(answer);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.message).toMatch(/^Subject not added\. /);
    expect(body.result.status).toBe("error");
    expect(body.result.initialValue).toEqual({ code: "geo", label: "Geography again" });
    expect((await listSubjects(db(), 9)).filter((s) => s.code === "geo").map((s) => s.label)).toEqual([
      "Geography",
    ]);
    expect((await listActivity(db(), { page: 1 })).total).toBe(before);
    const [toast] = await takeFlash(db(), sessionId);
    expect(toast?.kind).toBe("error");
    expect(toast?.message).toBe(body.message);
  });

  it("answers what a write shows once, and a refusal what it shows with it, in the one shape", async () => {
    const { context } = await consoleContext(db(), "runner-shown@school.in");
    const shownOnce = await consoleAction<typeof subjectForm, { link: string }>(
      context,
      post({ code: "x", label: "" }),
      { schema: subjectForm },
      () => ({
        write: async () => ({
          message: "Link made.",
          what: { action: "test.link" },
          shown: { link: "secret" },
        }),
      }),
    );
    expect(reply(shownOnce).body).toEqual({
      result: { status: "success" },
      message: "Link made.",
      shown: { link: "secret" },
    });
    const refusedWith = await consoleAction<typeof subjectForm, { rows: number }>(
      context,
      post({ code: "x", label: "" }),
      { schema: subjectForm },
      () => ({
        failed: "Nothing was imported.",
        dropValues: true,
        write: async () => {
          throw new RefusedWith("Fix the rows.", { rows: 3 }, { status: 409 });
        },
      }),
    );
    const { body, status } = reply<{ rows: number }>(refusedWith);
    expect(status).toBe(409);
    expect(body).toEqual({
      result: { status: "error" },
      message: "Nothing was imported. Fix the rows.",
      shown: { rows: 3 },
    });
  });

  it("a form that cannot be read is refused with a clear message, and a quiet one leaves no toast", async () => {
    const { context, sessionId } = await consoleContext(db(), "runner-unread@school.in");
    const notAForm = new Request("http://localhost/admin/subjects", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing" },
      body: "not a form",
    });
    const answer = await consoleAction(
      context,
      notAForm,
      { schema: subjectForm, unread: "Nothing was changed.", quiet: true },
      addIt(db()),
    );
    const { body, status } = reply(answer);
    expect(status).toBe(400);
    expect(body.message).toBe(
      "Nothing was changed. The form could not be read. Reload the page and try again.",
    );
    expect(await takeFlash(db(), sessionId)).toEqual([]);
  });
});
