import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { buttonClass, consoleMeta } from "#app/components/admin/console-kit.tsx";
import { GuideEditForm } from "#app/components/admin/guides/guide-form.tsx";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { GRADES } from "#app/lib/grades.ts";
import { historyHref } from "#app/lib/history-links.ts";
import { loadGuide, saveGuideAction } from "#app/routes/admin/guides.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/guides";

// Each class's study guide (/admin/guides is Class 9's, /admin/guides/10 Class 10's…): every field
// of the spec's guide record in English and Hindi, "Save guide", History. One module for both routes.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return consoleMeta(matches, `Class ${loaderData?.grade ?? 9} guide`);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return loadGuide(context, (params as { grade?: string }).grade);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return saveGuideAction(context, request, (params as { grade?: string }).grade);
}

/** After a refused save too: the guide as saved now tells whether someone else saved it meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function Guides({ loaderData, actionData }: Route.ComponentProps) {
  const { grade, version, values, updatedAt, updatedBy } = loaderData;
  // A refused save keeps what was typed, at the version it was opened at (a reload shows the newest).
  const reply = actionData?.result.status === "success" ? null : (actionData?.result ?? null);
  const openedAt = Number(reply?.initialValue?.version ?? version) || version;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-gray-900">Guides</h1>
          <p className="mt-1 text-sm text-gray-600">
            Each class's study guide, as students see it on its page, in English and in Hindi. Version{" "}
            {version}
            {updatedBy ? `, saved by ${updatedBy}` : ""} on {formatIndiaDateTime(updatedAt)} IST.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={historyHref("guide", grade)} className={buttonClass("edit")}>
            History
          </Link>
          <a href={`/guide/${grade}`} target="_blank" rel="noopener" className={buttonClass("edit")}>
            View on site
          </a>
        </div>
      </div>
      <nav aria-label="Class">
        <ul className="flex flex-wrap gap-2">
          {GRADES.map((g) => (
            <li key={g}>
              <Link
                to={`/admin/guides/${g}`}
                aria-current={g === grade ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold ${g === grade ? "bg-brand-700 text-white" : "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50"}`}
              >
                Class {g}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <GuideEditForm
        key={`${grade}:${openedAt}`}
        grade={grade}
        version={openedAt}
        values={values}
        lastResult={reply}
      />
    </div>
  );
}
