import { useNavigation } from "react-router";
import { AddDataForm, AddedChapters } from "#app/components/admin/chapter-form/add-data-form.tsx";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { CsvImport } from "#app/components/admin/csv-import/csv-import.tsx";
import { services } from "#app/context.ts";
import { addDataAction, loadAddData } from "#app/routes/admin/add-resource.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/add-resource";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Add Data");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return loadAddData(services(context).db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return addDataAction(context, request);
}

export default function AddResource({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { subjects, grade, subject, added, session } = loaderData;
  const csv = actionData?.shown?.csv ?? null;
  // A preview's answer is no refusal of the chapter form.
  const lastResult = actionData?.result.status === "success" ? null : (actionData?.result ?? null);
  const addedTo = subjects.find((s) => String(s.grade) === grade && s.code === subject);
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Add Resources by Chapter</h1>
      <p className="mt-1 text-sm text-gray-600">
        Choose the class and subject, then add one or more chapters with their links. Each link needs a title
        and a web address starting with https://.
      </p>
      <CsvImport state={csv} busy={navigation.state === "submitting"} />
      <AddedChapters grade={Number(grade)} label={addedTo?.label} added={added} />
      <AddDataForm
        subjects={subjects}
        grade={grade}
        subject={subject}
        session={session}
        lastResult={lastResult}
      />
    </div>
  );
}
