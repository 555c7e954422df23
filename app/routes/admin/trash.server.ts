// The Trash page's loader data and actions (app/routes/admin/trash.tsx), over app/server/trash/:
// the list with its kind filter and search, Restore (a row's, the bulk bar's and a delete toast's
// "Undo") and Delete forever after its confirmation (?delete=ID in the address).
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { addressId, recordId, selectedIds, typedText } from "#app/lib/form-fields.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { makeToast } from "#app/lib/toast.ts";
import {
  consoleReturn,
  restoreOffer,
  TRASH_LIST,
  type TrashPageQuery,
  trashHref,
  trashKindOf,
} from "#app/lib/trash-page.ts";
import { mayDeleteForever, requireConsoleUser } from "#app/server/auth.server.ts";
import type { ActivityNote } from "#app/server/console/activity.server.ts";
import { consoleAction, sameList, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import {
  ChapterInTrashError,
  deleteForever,
  listTrashPage,
  restoreFromTrash,
  TRASH_DAYS,
  type TrashListRow,
  trashItems,
} from "#app/server/trash/trash.server.ts";

type Context = Readonly<RouterContextProvider>;

const GONE = "That item is no longer in the Trash: it was restored or deleted forever meanwhile.";

/** One page of the Trash, and the Delete forever confirmation its address asks for. */
export async function trashPage(context: Context, url: URL) {
  const user = requireConsoleUser(context);
  const { db } = services(context);
  const params = url.searchParams;
  const query: TrashPageQuery = readListQuery(params, TRASH_LIST);
  const mayForget = mayDeleteForever(user);
  const forgetId = mayForget ? addressId(params, "delete") : null;
  const [list, forgetting] = await Promise.all([
    listTrashPage(db, { page: query.page, kind: trashKindOf(query), q: query.q || undefined }),
    forgetId === null ? null : trashItems(db, [forgetId]).then((rows) => rows[0] ?? null),
  ]);
  const shown = { ...query, page: list.page };
  return {
    query: shown,
    list,
    days: TRASH_DAYS,
    mayForget,
    forgetting,
    // A confirmation opened from an old page may name an item that left the Trash meanwhile.
    notice: params.has("delete") && !forgetting ? makeToast("error", GONE) : null,
    /** Where the page's forms post and return to, so the same list page comes back. */
    listUrl: trashHref(shown),
  };
}

const NO_ITEM =
  "The form did not say which item of the Trash it is about, so nothing was changed. Reload the page and try again.";

/** Every form of the page (and a delete toast's "Undo"), one schema (docs/decisions/0004). */
const trashForm = z.discriminatedUnion(
  "intent",
  [
    // `back`: the console page to show afterwards (the list an "Undo" was offered on).
    z.object({ intent: z.literal("restore"), ids: selectedIds(NO_ITEM), back: typedText(2000) }),
    z.object({ intent: z.literal("delete-forever"), id: recordId(NO_ITEM) }),
  ],
  { error: UNKNOWN_REQUEST },
);

/** Activity's words for items of the Trash: `chapter "Light", note "…"`. */
function named(rows: ReadonlyArray<Pick<TrashListRow, "kind" | "title">>): string {
  return rows.map((r) => `${r.kind} "${r.title}"`).join(", ");
}

export async function trashAction(context: Context, request: Request) {
  const user = requireConsoleUser(context);
  const { db } = services(context);
  const list = sameList(request, ["delete"]);
  const spec = { schema: trashForm, back: list, unread: "Nothing was changed." };
  return consoleAction(context, request, spec, (form) => {
    if (form.intent === "restore") {
      const back = consoleReturn(form.back) ?? list;
      return {
        failed: "Not restored.",
        refusal: (err) => {
          // A note whose chapter is in the Trash: offer to bring both back at once.
          if (err instanceof ChapterInTrashError)
            err.offer = restoreOffer("Restore with its chapter", [err.chapterTrashId, ...form.ids], back);
          return err;
        },
        write: async () => {
          const restored = await restoreFromTrash(db, form.ids);
          const what: ActivityNote = { action: "trash.restore", item: named(restored) };
          const message = restored.length === 1 ? "Restored." : `${restored.length} items restored.`;
          return { message, what, to: back };
        },
      };
    }
    return {
      failed: "Not deleted.",
      write: async () => {
        if (!mayDeleteForever(user)) {
          throw new DomainError("Only admins can delete forever. Ask an admin, or restore it instead.", {
            status: 403,
          });
        }
        const gone = await deleteForever(db, [form.id]);
        return { message: "Deleted forever.", what: { action: "trash.delete-forever", item: named(gone) } };
      },
    };
  });
}
