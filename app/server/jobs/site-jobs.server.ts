import type { Config } from "#app/server/config.server.ts";
import type { JobDefinition } from "./lease.server.ts";

/**
 * The jobs every instance starts, each run by one instance at a time (./lease.server.ts). The link
 * checker is apart: it leases links, not itself (./link-check.server.ts).
 */
export function siteJobs(_config: Config): JobDefinition[] {
  return [];
}
