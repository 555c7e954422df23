import { sql } from "kysely";
import { services } from "#app/context.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "#app/server/errors.server.ts";
import type { Route } from "./+types/healthz";

/** A load balancer gets its answer within 2 s, whatever the database does (docs/decisions/0008). */
const HEALTH_CHECK_MS = 1_500;

const HEADERS = { "Content-Type": "text/plain", "Cache-Control": "no-store" };

/** 200 only when the database answers in time: for load balancers and uptime checks. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_CHECK_MS);
  });
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  const healthy = await Promise.race([answered, late]);
  clearTimeout(timer);
  if (healthy) return new Response("ok\n", { headers: HEADERS });
  return new Response("database unavailable\n", {
    status: 503,
    headers: { ...HEADERS, "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}
