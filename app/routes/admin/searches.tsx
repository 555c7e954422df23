import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass, consoleMeta } from "#app/components/admin/console-kit.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import { loadSearches, saveSynonymsAction } from "#app/routes/admin/searches.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { SearchReportRow } from "#app/server/search/searches.server.ts";
import type { Route } from "./+types/searches";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Searches");
}

export async function loader({ context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return loadSearches(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return saveSynonymsAction(context, request);
}

/** What students searched for, so curators can fill the gaps; and the synonyms searches use. */
export default function Searches({ loaderData, actionData }: Route.ComponentProps) {
  const { report, synonyms } = loaderData;
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin" className="font-semibold text-brand-700 underline">
          Dashboard
        </Link>{" "}
        <span aria-hidden="true">›</span> Searches
      </p>
      <h1 className="mt-1 text-2xl font-bold text-gray-900">Searches</h1>
      <p className="mt-1 text-sm text-gray-600">
        What students searched for on the site since {report.since}, counted by day. Nothing about who
        searched is kept, and searches older than 90 days are removed.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <QueryTable
          title="Searches that found nothing"
          hint="Add the chapter, note or link these students were looking for, or a synonym below."
          rows={report.nothingFound}
          empty="Every search found something."
        />
        <QueryTable
          title="Most frequent searches"
          hint="The 50 searches made most often."
          rows={report.frequent}
          empty="No searches yet."
        />
      </div>
      <SynonymsForm synonyms={synonyms} lastResult={actionData?.result} />
    </div>
  );
}

function QueryTable({
  title,
  hint,
  rows,
  empty,
}: {
  title: string;
  hint: string;
  rows: SearchReportRow[];
  empty: string;
}) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-xs text-gray-500">{hint}</p>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">{empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Search
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Times
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Results
                </th>
                <th scope="col" className="py-2">
                  Last
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.query} className="border-t border-gray-100">
                  <td className="py-2 pr-3 [overflow-wrap:anywhere]">
                    <a
                      href={`/search?q=${encodeURIComponent(r.query)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-brand-700 underline"
                    >
                      {r.query}
                    </a>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.searches.toLocaleString("en-IN")}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.results.toLocaleString("en-IN")}</td>
                  <td className="py-2 whitespace-nowrap text-gray-600">{r.lastDay}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SynonymsForm({
  synonyms,
  lastResult,
}: {
  synonyms: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, submitting, guard, key } = useConsoleForm<{ synonyms: string }>({
    id: "synonyms",
    lastResult,
    defaultValue: { synonyms },
    intent: "save-synonyms",
  });
  return (
    <section
      aria-labelledby="synonyms-heading"
      className="mt-6 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="synonyms-heading" className="text-lg font-bold text-gray-900">
        Synonyms
      </h2>
      <Form key={key} id={form.id} method="post" noValidate onSubmit={guard} className="mt-3">
        <Field
          label="Synonyms, one word per line"
          error={fields.synonyms.errors?.[0]}
          hint="Write a word students type, an arrow, then what it should also find, separated by commas, e.g. “prakash → प्रकाश, light” or “trigno → trigonometry”."
        >
          {(control) => (
            <textarea
              {...control}
              name={fields.synonyms.name}
              defaultValue={fields.synonyms.initialValue ?? ""}
              rows={8}
              spellCheck={false}
              className={`${inputClass} font-mono text-sm`}
            />
          )}
        </Field>
        <div className="mt-3 flex justify-end">
          <button
            type="submit"
            name="intent"
            value="save-synonyms"
            disabled={submitting}
            className={buttonClass("primary")}
          >
            {submitting ? "Saving..." : "Save synonyms"}
          </button>
        </div>
      </Form>
    </section>
  );
}
