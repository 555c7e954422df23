import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../app/server/config.server.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origins a form may be posted from: the public origin and the one the request came to. */
function allowedOrigins(config: Config, req: Request): Set<string> {
  return new Set([new URL(config.siteUrl).origin, `${req.protocol}://${req.get("host")}`]);
}

/**
 * Security headers with a fresh CSP nonce per response, and the cross-site request check:
 * a state-changing request from another origin gets 403 and changes nothing.
 */
export function securityHeaders(config: Config, options: { dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (UNSAFE_METHODS.has(req.method)) {
      const origin = req.get("origin");
      const fetchSite = req.get("sec-fetch-site");
      const forged = origin ? !allowedOrigins(config, req).has(origin) : fetchSite === "cross-site";
      if (forged) {
        res.status(403).type("text/plain").send("Forbidden: this form was sent from another site.");
        return;
      }
    }
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    if (!options.dev) {
      res.set(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          // Inline style attributes come from sanitized rich text (text alignment) and React.
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' https: data:",
          "font-src 'self'",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join("; "),
      );
    }
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "strict-origin-when-cross-origin");
    res.set("X-Frame-Options", "DENY");
    res.set(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    res.set("Cross-Origin-Opener-Policy", "same-origin");
    if (config.https) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
