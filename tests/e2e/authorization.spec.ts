import { roleNeeded } from "#app/lib/roles.ts";
import { ACCOUNTS, E2E_PORT } from "./accounts.ts";
import { consoleRoutes } from "./console-routes.ts";
import { expect, test } from "./fixtures.ts";
import { ownServer } from "./own-server.ts";
import { signedIn } from "./server-process.ts";

// A form that names everything any console action might read: ids of demo records that exist.
function kitchenSink(intent: string): Record<string, string> {
  return {
    intent,
    id: "1",
    version: "1",
    chapterId: "1",
    grade: "10",
    subject: "mathematics",
    code: "mathematics",
    label: "Hijacked",
    title: "Hijacked",
    slug: "hijacked",
    content: "<p>Hijacked</p>",
    status: "published",
    direction: "up",
    "chapters[0].title": "Hijacked",
  };
}

/** Someone's e-mail other than the caller's: a page that leaks accounts or content shows one. */
const LEAK = /mathematics|admin@e2e\.test|member@e2e\.test/;
/** Actions of pages editors use that only admins may take: "Delete forever", choosing the current session. */
const ADMINS_ONLY_INTENTS: Record<string, string[]> = {
  "/admin/trash": ["delete-forever"],
  "/admin/syllabus": ["set-session"],
};

test("authorization matrix: every console loader and action, for a visitor, an account without a role, an editor and an admin", async () => {
  test.setTimeout(240_000);
  const routes = consoleRoutes();
  expect(routes.map((r) => r.path)).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/add-resource",
      "/admin/subjects",
      "/admin/blogs",
      "/admin/notes",
    ]),
  );
  const own = await ownServer(E2E_PORT + 40);
  const url = own.server.url;
  try {
    const before = await own.snapshot();
    const student = await signedIn(url, ACCOUNTS.student.email, ACCOUNTS.student.password);
    const editor = await signedIn(url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
    const admin = await signedIn(url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const visitor = await (await import("@playwright/test")).request.newContext({
      baseURL: url,
      extraHTTPHeaders: { Origin: url },
    });

    for (const route of routes) {
      const dataPath = `${route.path === "/admin" ? "/admin" : route.path}.data`;
      // Loaders.
      const visitorGet = await visitor.get(route.path, { maxRedirects: 0 });
      expect(visitorGet.status(), `GET ${route.path} as visitor`).toBe(302);
      expect(visitorGet.headers().location, `GET ${route.path} as visitor`).toMatch(/\/login$/);
      const visitorData = await visitor.get(dataPath, { maxRedirects: 0 });
      expect(await visitorData.text(), `GET ${dataPath} as visitor`).not.toMatch(LEAK);
      const studentGet = await student.get(route.path, { maxRedirects: 0 });
      expect(studentGet.status(), `GET ${route.path} as no role`).toBe(403);
      expect(await studentGet.text()).toContain("Unauthorized: Admins only.");
      const studentData = await student.get(dataPath, { maxRedirects: 0 });
      expect(await studentData.text(), `GET ${dataPath} as no role`).not.toMatch(LEAK);
      const adminGet = await admin.get(route.path, { maxRedirects: 0 });
      if (!route.path.endsWith("/media")) expect(adminGet.status(), `GET ${route.path} as admin`).toBe(200);
      // An editor: every page but the admins' (app/lib/roles.ts says which), answered as to an admin.
      const editorGet = await editor.get(route.path, { maxRedirects: 0 });
      if (roleNeeded(route.pattern) === "admin") {
        expect(editorGet.status(), `GET ${route.path} as editor`).toBe(403);
        expect(await editorGet.text()).toContain("Unauthorized: Admins only.");
        const editorData = await editor.get(dataPath, { maxRedirects: 0 });
        expect(await editorData.text(), `GET ${dataPath} as editor`).not.toMatch(LEAK);
      } else {
        expect(editorGet.status(), `GET ${route.path} as editor`).toBe(adminGet.status());
      }

      // Actions: every intent the module handles, plus none at all.
      for (const intent of [...route.intents, ""]) {
        const form = kitchenSink(intent);
        for (const [who, api] of [
          ["visitor", visitor],
          ["no role", student],
        ] as const) {
          const response = await api.post(route.path, { form, maxRedirects: 0 });
          expect([302, 401, 403], `POST ${route.path} intent=${intent} as ${who}`).toContain(
            response.status(),
          );
          const dataResponse = await api.post(dataPath, { form, maxRedirects: 0 });
          expect(dataResponse.status(), `POST ${dataPath} intent=${intent} as ${who}`).toBeLessThan(500);
        }
      }
    }
    // Nothing the visitor or the account without a role sent changed anything.
    expect(await own.snapshot()).toBe(before);

    // An editor is refused every action of the admins' pages, and the few admins-only actions of theirs.
    const refusedToEditors = routes.flatMap((route) =>
      roleNeeded(route.pattern) === "admin"
        ? [...route.intents, ""].map((intent) => ({ route, intent }))
        : (ADMINS_ONLY_INTENTS[route.path] ?? []).map((intent) => ({ route, intent })),
    );
    expect(refusedToEditors.map((r) => r.route.path)).toEqual(
      expect.arrayContaining(["/admin/users", "/admin/activity", "/admin/trash"]),
    );
    for (const { route, intent } of refusedToEditors) {
      const form = kitchenSink(intent);
      const response = await editor.post(route.path, { form, maxRedirects: 0 });
      expect(response.status(), `POST ${route.path} intent=${intent} as editor`).toBe(403);
      const dataPath = `${route.path}.data`;
      const dataResponse = await editor.post(dataPath, { form, maxRedirects: 0 });
      expect(dataResponse.status(), `POST ${dataPath} intent=${intent} as editor`).toBeLessThan(500);
    }
    expect(await own.snapshot()).toBe(before);

    // Every other action lets an editor through (its own rules may still refuse the kitchen sink).
    // Each route gets a fresh sign-in: My account's "Sign out everywhere" would end a shared one.
    for (const route of routes.filter((r) => roleNeeded(r.pattern) === "editor")) {
      const fresh = await signedIn(url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
      for (const intent of [...route.intents, ""].filter(
        (i) => !ADMINS_ONLY_INTENTS[route.path]?.includes(i),
      )) {
        // The Dashboard's own actions are its index route's (/admin?index).
        const target = route.path === "/admin" ? "/admin?index" : route.path;
        const response = await fresh.post(target, { form: kitchenSink(intent), maxRedirects: 0 });
        expect(response.status(), `POST ${route.path} intent=${intent} as editor`).not.toBe(403);
        expect(response.status(), `POST ${route.path} intent=${intent} as editor`).toBeLessThan(500);
      }
      await fresh.dispose();
    }

    // The admin does get through (one action, to show the matrix is not vacuous).
    const added = await admin.post("/admin/subjects", {
      form: { intent: "add", grade: "9", code: "matrix-check", label: "Matrix" },
    });
    expect(await added.text()).toContain("Subject added.");
    expect(await own.snapshot()).not.toBe(before);
    await Promise.all([visitor.dispose(), student.dispose(), editor.dispose(), admin.dispose()]);
  } finally {
    await own.stop();
  }
});
