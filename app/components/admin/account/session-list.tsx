import { Form } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { formatIndiaDateTime } from "#app/lib/dates.ts";

import type { SessionEntry } from "#app/server/accounts/sessions.server.ts";

/**
 * One's active sessions: device, address, last seen, "This device" marked; "Sign out" ends one
 * ("This device" signs out as Logout does) and "Sign out everywhere" ends all, this one too.
 */
export function SessionList({ sessions }: { sessions: SessionEntry[] }) {
  return (
    <>
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200">
        {sessions.map((s) => (
          <li key={s.key} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p id={`session-${s.key}`} className="font-semibold text-gray-900">
                {s.device}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="mt-0.5 text-sm text-gray-600">
                {s.address ? <span className="break-all">{s.address}</span> : "Address unknown"}
                {" · "}Last seen {formatIndiaDateTime(s.lastSeenAt)}
                {" · "}Signed in {formatIndiaDateTime(s.createdAt)}
              </p>
            </div>
            <Form method="post" action={s.current ? "/logout" : undefined} preventScrollReset>
              {s.current ? null : <input type="hidden" name="session" value={s.key} />}
              <button
                type="submit"
                name={s.current ? undefined : "intent"}
                value={s.current ? undefined : "sign-out-session"}
                aria-describedby={`session-${s.key}`}
                className={buttonClass("delete", "sm")}
              >
                Sign out
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" action="/logout" className="mt-4">
        <p className="mb-2 text-sm text-gray-600">
          Lost a phone, or signed in on a shared computer? This ends every session, this one too.
        </p>
        <button type="submit" name="intent" value="sign-out-everywhere" className={buttonClass("danger")}>
          Sign out everywhere
        </button>
      </Form>
    </>
  );
}
