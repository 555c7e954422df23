import { DomainError } from "#app/server/errors.server.ts";
import { MAX_UPLOAD_BYTES } from "#app/server/publishing/media.server.ts";

/** A console form may carry one image of at most 5 MB plus its text: anything bigger is refused unread. */
export const MAX_FORM_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

function tooLarge(): DomainError {
  return new DomainError(
    "The form is larger than 6 MB, so nothing was saved. A featured image can be at most 5 MB: choose a smaller picture and send the form again.",
    { field: "image", status: 413 },
  );
}

/**
 * `request.formData()` reads the whole body into memory, so the size is checked first:
 * by Content-Length when the browser sends it, else while reading. A body that is not
 * a form at all is a clear 400, never a crash.
 */
export async function readFormData(request: Request, limit = MAX_FORM_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (request.body) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
    body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  try {
    const headers = { "Content-Type": request.headers.get("content-type") ?? "" };
    return await new Response(body, { headers }).formData();
  } catch {
    throw new DomainError("The form could not be read. Reload the page and try again.", { status: 400 });
  }
}
