import { requestContext, services } from "#app/context.ts";
import { metricsResponse } from "#app/server/platform/metrics.server.ts";
import type { Route } from "./+types/metrics";

/** Prometheus metrics, for private addresses or holders of METRICS_TOKEN (docs/decisions/0013). */
export function loader({ request, context }: Route.LoaderArgs) {
  return metricsResponse({
    token: services(context).config.metricsToken,
    clientAddress: context.get(requestContext).clientAddress,
    authorization: request.headers.get("Authorization"),
  });
}
