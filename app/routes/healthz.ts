import { sql } from "kysely";
import { services } from "~/context";
import type { Route } from "./+types/healthz";

/** 200 only when the database answers: for load balancers and uptime checks. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  try {
    await sql`select 1`.execute(db);
    return new Response("ok\n", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch {
    return new Response("database unavailable\n", {
      status: 503,
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
    });
  }
}
