import { z } from "zod";
import type { UploadResult } from "#app/components/admin/image-upload.tsx";
import { services } from "#app/context.ts";
import { firstError } from "#app/lib/form-fields.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import { noteActivity } from "#app/server/console/activity.server.ts";
import { parseConsoleForm, readConsoleForm } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { storeImage } from "#app/server/publishing/media.server.ts";
import type { Route } from "./+types/media";

function refuse(error: string, status: number) {
  return Response.json({ ok: false, error } satisfies UploadResult, { status });
}

const NO_FILE = "Featured image: choose a picture file to upload.";

/** The upload's one field; whether it is a picture is judged by its content, in storeImage. */
const uploadForm = z.object({ file: z.file({ error: NO_FILE }).min(1, NO_FILE) });

/**
 * Not the console's runner (consoleAction): this is the upload script's JSON endpoint, not a form
 * shown again; its answer is the `UploadResult` that script reads, and a refusal is only its text.
 *
 * The featured-image upload of the blog form (POST multipart, field `file`), sent by the page's
 * script as soon as a picture is chosen. The image is judged by its content, capped at 5 MB and
 * re-encoded by storeImage.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  if (request.method !== "POST") return refuse("Send the picture with POST.", 405);
  try {
    const submission = parseConsoleForm(await readConsoleForm(request), uploadForm);
    if (submission.status !== "success") return refuse(firstError(submission.error) ?? NO_FILE, 400);
    const { file } = submission.value;
    const { db } = services(context);
    const stored = await storeImage(db, new Uint8Array(await file.arrayBuffer()));
    await noteActivity(db, {
      action: "media.upload",
      item: `image ${stored.url}`,
      summary: `${stored.width}×${stored.height}`,
    });
    const body: UploadResult = {
      ok: true,
      url: stored.url,
      fallbackUrl: stored.fallbackUrl,
      width: stored.width,
      height: stored.height,
    };
    return Response.json(body);
  } catch (err) {
    if (err instanceof DomainError) return refuse(err.message, err.status);
    log.error("image upload failed", { err });
    return refuse("Featured image: the server could not store the picture. Please try again.", 500);
  }
}
