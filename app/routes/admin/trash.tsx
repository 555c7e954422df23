import type { ShouldRevalidateFunctionArgs } from "react-router";
import { ConfirmDeleteDialog, consoleMeta } from "#app/components/admin/console-kit.tsx";
import { TrashList } from "#app/components/admin/trash/trash-list.tsx";
import { TRASH_KIND_WORDS } from "#app/lib/trash-page.ts";
import { trashAction, trashPage } from "#app/routes/admin/trash.server.ts";
import type { Route } from "./+types/trash";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Trash");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return trashPage(context, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return trashAction(context, request);
}

/** After a refused form too the list is read again (someone may have emptied part of it). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export default function Trash({ loaderData }: Route.ComponentProps) {
  const { query, list, days, mayForget, forgetting, listUrl } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Trash</h1>
        <p className="mt-1 max-w-2xl text-sm text-gray-600">
          Deleted chapters (with their links and notes), notes and blog posts, with their history. They are
          off the site; Restore brings one back as it was. After {days} days they are deleted for good.
        </p>
      </div>
      <section aria-labelledby="trash-heading">
        <h2 id="trash-heading" className="sr-only">
          Deleted items
        </h2>
        <TrashList query={query} list={list} days={days} mayForget={mayForget} listUrl={listUrl} />
      </section>
      {forgetting ? <DeleteForeverDialog listUrl={listUrl} item={forgetting} /> : null}
    </div>
  );
}

/** "Delete forever?": the one way out of the Trash that cannot be undone. */
function DeleteForeverDialog({
  listUrl,
  item,
}: {
  listUrl: string;
  item: { id: number; kind: keyof typeof TRASH_KIND_WORDS; title: string; place: string };
}) {
  return (
    <ConfirmDeleteDialog
      screen={listUrl}
      fields={{ id: item.id }}
      title="Delete forever?"
      description={
        <p>
          {TRASH_KIND_WORDS[item.kind]} “{item.title}”{item.kind === "post" ? "" : ` (${item.place})`} will be
          deleted for good
          {item.kind === "chapter" ? ", with its links, notes and history" : ", with its history"}. This
          cannot be undone.
        </p>
      }
      confirmLabel="Delete forever"
      intent="delete-forever"
    />
  );
}
