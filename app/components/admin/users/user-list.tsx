import { Form } from "react-router";
import { buttonClass, OpenModalButton } from "#app/components/admin/console-kit.tsx";
import { EmptyList, ListSearch, Pager } from "#app/components/admin/list-kit.tsx";
import { inputClass } from "#app/components/field.tsx";
import { ROLE_WORDS, ROLES, type Role } from "#app/lib/roles.ts";
import {
  USER_STATUS_WORDS,
  USERS_PATH,
  type UserStatus,
  type UsersPageQuery,
  usersHref,
} from "#app/lib/users-page.ts";

export type UserRow = {
  id: number;
  email: string;
  role: Role | null;
  status: UserStatus;
  /** In India time, or null: never signed in. */
  lastSignIn: string | null;
  lastSignInAt: string | null;
  /** Signs in with a code after the password (an admin may reset it). */
  twoStep: boolean;
};

type Props = {
  query: UsersPageQuery;
  list: { rows: UserRow[]; total: number; page: number; pageCount: number; pageSize: number };
  /** The person looking: their own row has no actions (My account is for that). */
  myId: number;
  /** Where the page's forms post, so the same list page comes back. */
  listUrl: string;
};

/** The accounts: Search, the rows with their actions, the pager. */
export function UserList({ query, list, myId, listUrl }: Props) {
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <ListSearch q={query.q} keep={{}} placeholder="Any part of an e-mail address" />
      </div>
      {list.rows.length === 0 ? (
        <EmptyList>
          {query.q ? "No account's e-mail holds that. Change the search." : "No accounts yet."}
        </EmptyList>
      ) : (
        <UserTable rows={list.rows} myId={myId} listUrl={listUrl} />
      )}
      <Pager list={list} noun={["account", "accounts"]} hrefFor={(page) => usersHref(query, { page })} />
    </div>
  );
}

const STATUS_STYLES: Record<UserStatus, string> = {
  active: "bg-green-50 text-green-800 ring-green-200",
  invited: "bg-amber-50 text-amber-900 ring-amber-200",
  deactivated: "bg-gray-100 text-gray-700 ring-gray-300",
};

function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_STYLES[status]}`}
    >
      {USER_STATUS_WORDS[status]}
    </span>
  );
}

function UserTable({ rows, myId, listUrl }: { rows: UserRow[]; myId: number; listUrl: string }) {
  const th = "px-4 py-3";
  // A row's confirmations open over this same list page.
  const keep = listUrl.slice(USERS_PATH.length);
  return (
    <div className="rounded-2xl border border-gray-200 bg-white shadow-sm">
      <table className="block w-full text-left text-sm xl:table">
        <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase xl:table-header-group">
          <tr>
            <th scope="col" className={th}>
              Email
            </th>
            <th scope="col" className={th}>
              Role
            </th>
            <th scope="col" className={th}>
              Last sign-in
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-100 xl:table-row-group">
          {rows.map((row) => {
            const mine = row.id === myId;
            return (
              <tr
                key={row.id}
                className="grid grid-cols-1 gap-y-2 px-4 py-3 align-top sm:grid-cols-2 sm:gap-x-4 xl:table-row xl:p-0 xl:hover:bg-gray-50/60"
              >
                <td className="block min-w-0 font-medium break-words text-gray-900 sm:col-span-2 xl:table-cell xl:px-4 xl:py-3">
                  {row.email}
                  {mine ? <span className="ml-1 text-xs font-normal text-gray-500">(you)</span> : null}
                </td>
                <td className="block xl:table-cell xl:px-4 xl:py-3">
                  {mine ? (
                    <>
                      <span className="text-xs font-semibold text-gray-600 xl:hidden">Role: </span>
                      {row.role ? ROLE_WORDS[row.role] : "No role"}
                    </>
                  ) : (
                    <RoleForm row={row} listUrl={listUrl} />
                  )}
                </td>
                <td className="block text-gray-700 xl:table-cell xl:px-4 xl:py-3">
                  <span className="text-xs font-semibold text-gray-600 xl:hidden">Last sign-in: </span>
                  {row.lastSignIn && row.lastSignInAt ? (
                    <time dateTime={row.lastSignInAt}>{row.lastSignIn}</time>
                  ) : (
                    "Never"
                  )}
                </td>
                <td className="block xl:table-cell xl:px-4 xl:py-3">
                  <StatusBadge status={row.status} />
                  {row.twoStep ? <span className="ml-1 text-xs text-gray-600">Two-step on</span> : null}
                </td>
                <td className="block sm:col-span-2 xl:table-cell xl:px-4 xl:py-3">
                  {mine ? null : (
                    <div className="flex flex-wrap gap-2 xl:flex-col xl:items-end">
                      {row.status === "deactivated" ? (
                        <Form method="post" action={listUrl} preventScrollReset className="inline">
                          <input type="hidden" name="id" value={row.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="reactivate"
                            className={`${buttonClass("edit", "sm")} whitespace-nowrap`}
                          >
                            Reactivate
                          </button>
                        </Form>
                      ) : (
                        <>
                          <OpenModalButton
                            param="reset"
                            look="edit"
                            id={row.id}
                            label="Reset password"
                            keep={keep}
                          />
                          <OpenModalButton param="deactivate" id={row.id} label="Deactivate" keep={keep} />
                          {row.twoStep ? (
                            <OpenModalButton
                              param="two-step"
                              look="edit"
                              id={row.id}
                              label="Reset two-step sign-in"
                              keep={keep}
                            />
                          ) : null}
                        </>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A row's role change: the role, and a button that saves it (works without JavaScript). */
function RoleForm({ row, listUrl }: { row: UserRow; listUrl: string }) {
  const id = `role-${row.id}`;
  return (
    <Form method="post" action={listUrl} preventScrollReset className="flex items-end gap-2">
      <input type="hidden" name="id" value={row.id} />
      <div>
        <label htmlFor={id} className="block text-xs font-semibold text-gray-600 xl:sr-only">
          Role<span className="sr-only"> of {row.email}</span>
        </label>
        <select
          id={id}
          name="role"
          defaultValue={row.role ?? ""}
          className={`${inputClass} mt-0.5 min-h-9 w-28 py-1.5 text-sm xl:mt-0`}
        >
          {row.role ? null : (
            <option value="" disabled>
              No role
            </option>
          )}
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_WORDS[role]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        name="intent"
        value="role"
        aria-label={`Change role of ${row.email}`}
        className={`${buttonClass("edit", "sm")} min-h-9 whitespace-nowrap`}
      >
        Change role
      </button>
    </Form>
  );
}
