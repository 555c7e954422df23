import type { NextFunction, Request, Response } from "express";

const MB = 1024 * 1024;
/** Image uploads (blog form, editor) may carry a 5 MB picture; every other form is far smaller. */
const UPLOAD_PATHS = /^\/admin\/(blogs|media)(\.data)?$/;
export const BODY_LIMIT = { upload: 6 * MB, form: 4 * MB } as const;

/**
 * Refuses oversized request bodies before anything reads them: 413 with a plain message.
 * Bodies without a declared length are refused (411): every browser form declares one.
 */
export function bodyLimit(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const limit = UPLOAD_PATHS.test(req.path) ? BODY_LIMIT.upload : BODY_LIMIT.form;
  const declared = req.get("content-length");
  if (declared === undefined) {
    if (req.get("transfer-encoding")) {
      res.status(411).type("text/plain").send("Please send the form again: its size was not declared.");
      return;
    }
    return next();
  }
  if (!/^\d+$/.test(declared) || Number(declared) > limit) {
    res
      .status(413)
      .type("text/plain")
      .send(`This request is too large: at most ${limit / MB} MB can be sent at once. Nothing was saved.`);
    return;
  }
  next();
}
