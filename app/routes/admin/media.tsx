import type { UploadResult } from "#app/components/admin/image-upload.tsx";
import { services } from "#app/context.ts";
import { requireAdmin } from "#app/server/auth.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";
import { storeImage } from "#app/server/media.server.ts";
import type { Route } from "./+types/media";

function refuse(error: string, status: number) {
  return Response.json({ ok: false, error } satisfies UploadResult, { status });
}

/**
 * The featured-image upload of the blog form (POST multipart, field `file`). The image is
 * judged by its content, capped at 5 MB and re-encoded by storeImage.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  if (request.method !== "POST") return refuse("Send the picture with POST.", 405);
  try {
    const form = await readFormData(request);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return refuse("Featured image: choose a picture file to upload.", 400);
    }
    const stored = await storeImage(services(context).db, new Uint8Array(await file.arrayBuffer()));
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
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    return refuse("Featured image: the server could not store the picture. Please try again.", 500);
  }
}
