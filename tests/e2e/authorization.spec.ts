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

test("authorization matrix: every console loader and action, for a visitor, a non-admin and an admin", async () => {
  test.setTimeout(120_000);
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
      expect(await visitorData.text(), `GET ${dataPath} as visitor`).not.toMatch(
        /mathematics|admin@e2e\.test/,
      );
      const studentGet = await student.get(route.path, { maxRedirects: 0 });
      expect(studentGet.status(), `GET ${route.path} as non-admin`).toBe(403);
      expect(await studentGet.text()).toContain("Unauthorized: Admins only.");
      const studentData = await student.get(dataPath, { maxRedirects: 0 });
      expect(await studentData.text(), `GET ${dataPath} as non-admin`).not.toMatch(
        /mathematics|admin@e2e\.test/,
      );
      if (!route.path.endsWith("/media")) {
        expect(
          (await admin.get(route.path, { maxRedirects: 0 })).status(),
          `GET ${route.path} as admin`,
        ).toBe(200);
      }

      // Actions: every intent the module handles, plus none at all.
      for (const intent of [...route.intents, ""]) {
        const form = kitchenSink(intent);
        for (const [who, api] of [
          ["visitor", visitor],
          ["non-admin", student],
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
    // Nothing the visitor or the non-admin sent changed anything.
    expect(await own.snapshot()).toBe(before);

    // The admin does get through (one action, to show the matrix is not vacuous).
    const added = await admin.post("/admin/subjects", {
      form: { intent: "add", grade: "9", code: "matrix-check", label: "Matrix" },
    });
    expect(await added.text()).toContain("Subject added.");
    expect(await own.snapshot()).not.toBe(before);
    await Promise.all([visitor.dispose(), student.dispose(), admin.dispose()]);
  } finally {
    await own.stop();
  }
});
