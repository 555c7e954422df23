import type { NextFunction, Request, Response } from "express";

// Requests no page of ours can send are refused here with a plain 4xx, before React Router
// builds a web Request out of them (which throws on a bad Host or a TRACE, giving a 500 and a
// stack trace). The request log in server.ts writes the refusal's one line.

/** The only methods the site answers: pages, and forms posted with method="post". */
const METHODS = new Set(["GET", "HEAD", "POST"]);

/** What a browser form, a React Router fetcher or `useSubmit` sends as a body. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const LABEL = "[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?";
/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::(\\d{1,5}))?$`);

/** A Host (or forwarded host) value that makes a valid URL origin. */
function isValidHost(value: string): boolean {
  const match = HOST.exec(value);
  if (!match || Number(match[1] ?? 0) > 65_535) return false;
  return URL.canParse(`http://${value}/`);
}

/** The media type of a form body, and for multipart whether it names its boundary. */
function formBodyProblem(contentType: string | undefined): string | null {
  const [type = "", ...params] = (contentType ?? "").split(";");
  const mediaType = type.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType))
    return "This address takes forms only (application/x-www-form-urlencoded or multipart/form-data).";
  if (mediaType === "multipart/form-data") {
    const boundary = params.some((p) => /^\s*boundary=("?)[^";\r\n]{1,70}\1\s*$/i.test(p));
    if (!boundary) return "The form could not be read: its parts are not marked. Nothing was saved.";
  }
  return null;
}

type Refusal = { status: number; message: string };

function refusalOf(req: Request): Refusal | null {
  if (!METHODS.has(req.method))
    return { status: 405, message: `The method ${req.method} is not allowed here.` };
  // React Router builds the request's URL from Host (which it cannot do without one, as HTTP/1.0
  // allows), or from X-Forwarded-Host behind a trusted proxy.
  const host = req.get("host") ?? "";
  const forwarded = req.get("x-forwarded-host");
  const badForwarded = forwarded !== undefined && !forwarded.split(",").every((h) => isValidHost(h.trim()));
  const badTarget = !req.originalUrl.startsWith("/") || !URL.canParse(`http://${host}${req.originalUrl}`);
  if (!isValidHost(host) || badForwarded || badTarget)
    return { status: 400, message: "Bad request: the address or Host header is not valid." };
  const problem = req.method === "POST" ? formBodyProblem(req.get("content-type")) : null;
  return problem ? { status: 415, message: problem } : null;
}

export function requestGuards(req: Request, res: Response, next: NextFunction): void {
  const refusal = refusalOf(req);
  if (!refusal) {
    next();
    return;
  }
  if (refusal.status === 405) res.set("Allow", "GET, HEAD, POST");
  res.status(refusal.status).type("text/plain").set("Cache-Control", "no-store").send(refusal.message);
}
