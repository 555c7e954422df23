import type { ReactNode } from "react";
import { Address, When } from "#app/components/admin/link-health/status.tsx";
import type { LinkDigest } from "#app/server/link-health/types.ts";

/** How many addresses each part of the digest names before "and N more". */
const NAMED = 8;

/**
 * The weekly digest: what changed in the last 7 days (newly Broken, fixed, redirected), the same
 * summary `npm run links -- check` prints.
 */
export function Digest({ digest }: { digest: LinkDigest }) {
  const quiet = digest.newlyBroken.length + digest.fixed.length + digest.redirected.length === 0;
  return (
    <section
      aria-labelledby="digest-heading"
      className="@container rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="digest-heading" className="text-xl font-bold text-gray-900">
        This week
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        What changed since <When at={digest.since} />.
      </p>
      {quiet ? (
        <p className="mt-3 text-sm text-gray-700">No link changed its status in the last 7 days.</p>
      ) : (
        <div className="mt-4 grid gap-3 @2xl:grid-cols-3">
          <Part title="Newly broken" count={digest.newlyBroken.length} tone="text-red-800">
            {digest.newlyBroken.slice(0, NAMED).map((item) => (
              <Item key={item.url} url={item.url} at={item.at} />
            ))}
          </Part>
          <Part title="Fixed" count={digest.fixed.length} tone="text-green-800">
            {digest.fixed.slice(0, NAMED).map((item) => (
              <Item key={item.url} url={item.url} at={item.at} />
            ))}
          </Part>
          <Part title="Redirected" count={digest.redirected.length} tone="text-sky-900">
            {digest.redirected.slice(0, NAMED).map((item) => (
              <Item key={item.url} url={item.url} at={item.at} to={item.finalUrl} />
            ))}
          </Part>
        </div>
      )}
    </section>
  );
}

function Part({
  title,
  count,
  tone,
  children,
}: {
  title: string;
  count: number;
  tone: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-gray-50 p-3">
      <h3 className={`text-sm font-bold ${tone}`}>
        {title}: {count.toLocaleString("en-IN")}
      </h3>
      {count > 0 ? (
        <ul className="mt-2 space-y-2 text-xs text-gray-700">
          {children}
          {count > NAMED ? <li className="text-gray-600">and {count - NAMED} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

function Item({ url, at, to }: { url: string; at: string; to?: string }) {
  return (
    <li>
      <span className="block text-gray-900">
        <Address url={url} />
      </span>
      {to ? (
        <span className="block">
          → <Address url={to} />
        </span>
      ) : null}
      <span className="text-gray-500">
        <When at={at} />
      </span>
    </li>
  );
}
