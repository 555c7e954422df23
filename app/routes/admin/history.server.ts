// An item's History page: loader data and Restore (app/routes/admin/history.tsx), over the
// history module (app/server/history/).
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { addressId, pathId, wholeNumber } from "#app/lib/form-fields.ts";
import { HISTORY_LISTS, type HistoryKind, historyHref, historyKindOf } from "#app/lib/history-links.ts";
import { makeToast } from "#app/lib/toast.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import { consoleAction, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { ConflictError, DomainError, NotFoundError } from "#app/server/errors.server.ts";
import { compareWithCurrent, historyItem, listHistory } from "#app/server/history/history.server.ts";
import { restoreVersion } from "#app/server/history/restore-version.server.ts";

type Context = Readonly<RouterContextProvider>;

const MAX_PAGE = 1_000_000;

/** The item of the address (its kind from the route's pattern), or a 404 page. */
function itemOf(pattern: string, idParam: string | undefined): { kind: HistoryKind; id: number } {
  const kind = historyKindOf(pattern);
  const id = pathId(idParam);
  if (!kind || id === null) throw data("Not Found", { status: 404 });
  return { kind, id };
}

/** The item, one page of its versions, and the version `?v=` opens compared with the current one. */
export async function loadHistory(context: Context, url: URL, pattern: string, idParam: string | undefined) {
  const { kind, id } = itemOf(pattern, idParam);
  const { db } = services(context);
  const item = await historyItem(db, kind, id);
  if (!item) throw data("Not Found", { status: 404 });
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,7}$/.test(pageText) ? Math.min(Math.max(1, Number(pageText)), MAX_PAGE) : 1;
  const asked = addressId(url.searchParams, "v");
  const [list, comparison] = await Promise.all([
    listHistory(db, item, page),
    asked === null ? null : compareWithCurrent(db, item, asked),
  ]);
  const { data: _everything, ...shown } = item;
  const notice =
    asked !== null && !comparison
      ? makeToast(
          "error",
          asked >= item.version
            ? `Version ${asked} is the current version: there is nothing to compare.`
            : `Version ${asked} of this ${HISTORY_LISTS[kind].noun} is not kept.`,
        )
      : null;
  return {
    item: shown,
    list,
    comparison,
    restoring: comparison !== null && url.searchParams.get("restore") === "1",
    notice,
  };
}

const NOT_RESTORED = "Version not restored.";
const NO_VERSION = "The form did not say which version to restore. Reload the page and try again.";

/** Restore's form (the confirmation's hidden fields): the version to restore, and the current one shown. */
const restoreForm = z.object({
  intent: z.literal("restore"),
  version: wholeNumber(NO_VERSION).max(2 ** 31 - 1, NO_VERSION),
  current: wholeNumber(NO_VERSION).max(2 ** 31 - 1, NO_VERSION),
});

/** "Restore": the version becomes the current one as a new save; back to the History page. */
export async function historyAction(
  context: Context,
  request: Request,
  pattern: string,
  idParam: string | undefined,
) {
  const { db, config } = services(context);
  const kind = historyKindOf(pattern);
  const id = pathId(idParam);
  const spec = { schema: restoreForm, unread: NOT_RESTORED, invalid: NOT_RESTORED };
  return consoleAction(context, request, spec, ({ version, current }) => ({
    // "No longer exists" says itself that nothing was restored, as does a newer save's message.
    failed: (err) => (err instanceof NotFoundError || err instanceof ConflictError ? "" : NOT_RESTORED),
    refusal: (err) => {
      if (!(err instanceof ConflictError) || !kind) return err;
      const noun = HISTORY_LISTS[kind].noun;
      const message = `${NOT_RESTORED} This ${noun} was changed by someone else since this page was shown. Its newest version is now at the top of the list: look at it, then restore again if you still want to.`;
      return new DomainError(message, { status: 409 });
    },
    write: async () => {
      // The form is read first, whatever the address: an answer sent before the body is read would cut the connection.
      if (!kind || id === null) throw new DomainError(UNKNOWN_REQUEST);
      const site = { siteUrl: config.siteUrl, siteName: config.siteName };
      await restoreVersion(db, site, kind, id, version, current);
      const what = {
        action: `${kind}.restore-version`,
        item: await activityItem(db, kind, [id]),
        summary: `version ${version}`,
      };
      return { message: "Version restored.", what, to: historyHref(kind, id) };
    },
  }));
}
