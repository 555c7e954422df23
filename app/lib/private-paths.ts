/**
 * The console, login, logout and the one-time links to set a password, as normalised paths
 * (decoded, lower case, single slashes): never stored, never cached (app/server/platform/page-key.server.ts),
 * and never where the service worker is registered (app/components/offline/worker.ts).
 */
export const PRIVATE_PATH = /^\/(admin|login|logout|set-password)(\/|$)/;
