import { expect, it } from "vitest";
import { CONSOLE_ROLES, hasRole, mayOpen, roleNeeded } from "#app/lib/roles.ts";
import { consoleRoutes } from "../e2e/console-routes.ts";

it("every console route of app/routes.ts says which role it needs, and no entry is stale", () => {
  // Route patterns as app/routes.ts spells them (the matrix test asks for them with ids filled in).
  const patterns = consoleRoutes().map((r) => r.pattern);
  const missing = patterns.filter((p) => !(p in CONSOLE_ROLES));
  expect(missing, "add these to CONSOLE_ROLES in app/lib/roles.ts").toEqual([]);
  expect(Object.keys(CONSOLE_ROLES).filter((p) => !patterns.includes(p))).toEqual([]);
});

it("admins may do everything, editors what an editor may, no role nothing; unknown routes need an admin", () => {
  expect(hasRole("admin", "editor")).toBe(true);
  expect(hasRole("editor", "admin")).toBe(false);
  expect(hasRole(null, "editor")).toBe(false);
  expect(roleNeeded("admin/users")).toBe("admin");
  expect(roleNeeded("/admin/blogs/:id")).toBe("editor");
  expect(roleNeeded("admin/some-new-page")).toBe("admin");
  expect(mayOpen("editor", "/admin/users")).toBe(false);
  expect(mayOpen("editor", "/admin/activity")).toBe(false);
  expect(mayOpen("editor", "/admin/trash")).toBe(true);
  expect(mayOpen("admin", "/admin/users")).toBe(true);
});
