// The Searches page's loader and action, beside its route (app/routes/admin/searches.tsx).
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { typedText } from "#app/lib/form-fields.ts";
import { consoleAction, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { searchReport } from "#app/server/search/searches.server.ts";
import {
  listSynonyms,
  MAX_SYNONYMS,
  parseSynonyms,
  saveSynonyms,
  synonymsText,
} from "#app/server/search/synonyms.server.ts";

type Context = Readonly<RouterContextProvider>;

export async function loadSearches(context: Context) {
  const { db } = services(context);
  const [report, synonyms] = await Promise.all([searchReport(db), listSynonyms(db)]);
  return { report, synonyms: synonymsText(synonyms), maxSynonyms: MAX_SYNONYMS };
}

/** The synonym table, as the admin writes it: one `term → alternative, alternative` per line. */
const synonymsForm = z.object({
  intent: z.literal("save-synonyms", { error: UNKNOWN_REQUEST }),
  synonyms: typedText(100_000),
});

const NOT_SAVED = "Synonyms not saved.";

export async function saveSynonymsAction(context: Context, request: Request) {
  const spec = { schema: synonymsForm, back: "/admin/searches", unread: NOT_SAVED, invalid: NOT_SAVED };
  return consoleAction(context, request, spec, (form) => ({
    failed: NOT_SAVED,
    write: async () => {
      const { synonyms, problems } = parseSynonyms(form.synonyms);
      // Every bad line at once, by its number, so that the admin fixes them in one go.
      if (problems.length > 0) throw new DomainError(problems.join(" "), { field: "synonyms" });
      await saveSynonyms(services(context).db, synonyms);
      const count = synonyms.length;
      const words = `${count} word${count === 1 ? "" : "s"}`;
      const what = { action: "synonyms.save", item: "the synonym table", summary: words };
      return { message: `Synonyms saved: ${words}.`, what };
    },
  }));
}
