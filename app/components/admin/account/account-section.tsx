import type { ReactNode } from "react";

/** One card of My account, named by its heading. */
export function AccountSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      {intro ? <div className="mt-1 max-w-2xl text-sm text-gray-600">{intro}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
