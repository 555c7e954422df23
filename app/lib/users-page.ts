import { type ListQuery, type ListSpec, listSearch } from "#app/lib/list-query.ts";

// The Users page's words and list state (README, The console: /admin/users): the list is by e-mail,
// narrowed by "Search"; its page and search are in the URL.

export const USERS_PATH = "/admin/users";

/** Active: may sign in. Invited: waits for its first password. Deactivated: cannot sign in. */
export type UserStatus = "active" | "invited" | "deactivated";

export const USER_STATUS_WORDS: Record<UserStatus, string> = {
  active: "Active",
  invited: "Invited",
  deactivated: "Deactivated",
};

/** How long a one-time link to set a password works. */
export const PASSWORD_LINK_HOURS = 72;

/** A one-time link as the Users page shows it, once: its absolute address and until when it works (India time). */
export type ShownLink = { kind: "invite" | "reset"; email: string; url: string; expires: string };

export const USERS_LIST: ListSpec<"email"> = {
  sorts: ["email"],
  defaultSort: "email",
  defaultDir: { email: "asc" },
};

export type UsersPageQuery = ListQuery<"email">;

/** The Users page showing this list state (with `changes`). */
export function usersHref(query: UsersPageQuery, changes?: Parameters<typeof listSearch>[2]): string {
  return `${USERS_PATH}${listSearch(query, USERS_LIST, changes)}`;
}
