import type { NextFunction, Request, Response } from "express";
import type { Config } from "#app/server/config.server.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origins a form may be posted from: the public origin and the one the request came to. */
function allowedOrigins(config: Config, req: Request): Set<string> {
  return new Set([new URL(config.siteUrl).origin, `${req.protocol}://${req.get("host")}`]);
}

/** The headers every response carries, pages and files alike. */
function setCommonHeaders(res: Response, config: Config): void {
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "strict-origin-when-cross-origin");
  res.set("X-Frame-Options", "DENY");
  res.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  res.set("Cross-Origin-Opener-Policy", "same-origin");
  if (config.https) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * The same headers for the static files (`/assets/*`, favicon, logo), which server.ts serves
 * before the web application: mount this in front of its static middlewares.
 */
export function staticSecurityHeaders(config: Config) {
  return (_req: Request, res: Response, next: NextFunction) => {
    setCommonHeaders(res, config);
    next();
  };
}

/**
 * Security headers for every response, and the cross-site request check: a state-changing
 * request from another origin gets 403 and changes nothing. (The CSP, with its per-response
 * nonce, is set where pages are rendered: app/entry.server.tsx.)
 */
export function securityHeaders(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    setCommonHeaders(res, config);
    if (UNSAFE_METHODS.has(req.method)) {
      const origin = req.get("origin");
      const fetchSite = req.get("sec-fetch-site");
      const forged = origin ? !allowedOrigins(config, req).has(origin) : fetchSite === "cross-site";
      if (forged) {
        res.status(403).type("text/plain").send("Forbidden: this form was sent from another site.");
        return;
      }
    }
    next();
  };
}
