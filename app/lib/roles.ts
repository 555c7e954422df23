// Console roles (docs/decisions/0015): an admin may do everything; an editor all content work
// (chapters, subjects, posts, notes, links, searches, media, restoring from Trash and History) but
// not Users, Activity or "Delete forever"; an account without a role gets 403 everywhere in the console.

export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

/** Each role as the console names it. */
export const ROLE_WORDS: Record<Role, string> = { admin: "Admin", editor: "Editor" };

export function isRole(value: unknown): value is Role {
  return value === "admin" || value === "editor";
}

/** May someone with `role` do what needs `needed`? An admin may do whatever an editor may. */
export function hasRole(role: Role | null | undefined, needed: Role): boolean {
  return role === "admin" || (role === "editor" && needed === "editor");
}

/**
 * The role each console route needs, for its loader and every action, by its route pattern as in
 * app/routes.ts: the one place that says so. The console layout's middleware enforces it for every
 * request and its side menu shows only what the role may open. A console route missing here needs an
 * admin (closed by default); tests/unit/console-roles.test.ts checks that every route is listed.
 * Finer rules inside a page ("Delete forever" in the Trash) are in app/server/auth.server.ts.
 */
export const CONSOLE_ROLES: Readonly<Record<string, Role>> = {
  "/admin": "editor",
  "/admin/chapters/:id": "editor",
  "/admin/add-resource": "editor",
  "/admin/subjects": "editor",
  // Editors set statuses; changing the current session is checked for admins in its action.
  "/admin/syllabus": "editor",
  "/admin/blogs": "editor",
  "/admin/blogs/:id": "editor",
  "/admin/notes": "editor",
  "/admin/notes/:id": "editor",
  "/admin/links": "editor",
  "/admin/chapters/:id/history": "editor",
  "/admin/blogs/:id/history": "editor",
  "/admin/notes/:id/history": "editor",
  "/admin/guides": "editor",
  "/admin/guides/:grade": "editor",
  "/admin/guides/:id/history": "editor",
  "/admin/trash": "editor",
  "/admin/searches": "editor",
  "/admin/pick/chapters": "editor",
  "/admin/pick/posts": "editor",
  "/admin/chapters.csv": "editor",
  "/admin/media": "editor",
  // Previews sit in the public frame (not under the console layout): their modules check this too.
  "/admin/blogs/:id/preview": "editor",
  "/admin/notes/preview": "editor",
  "/admin/activity": "admin",
  "/admin/users": "admin",
  // Every console user's own account (My account).
  "/admin/account": "editor",
};

/** The role a console route pattern needs ("admin/users" or "/admin/users"); unknown ones need an admin. */
export function roleNeeded(pattern: string): Role {
  const path = `/${pattern.replace(/^\/+|\/+$/g, "")}`;
  return CONSOLE_ROLES[path] ?? "admin";
}

/** May someone with `role` open the console page at `path` (a side menu entry)? */
export function mayOpen(role: Role | null | undefined, path: string): boolean {
  return hasRole(role, roleNeeded(path));
}
