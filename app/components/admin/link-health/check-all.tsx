import { useEffect, useRef } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { buttonClass, useSubmittingIntent } from "#app/components/admin/console-kit.tsx";
import type { CheckProgress } from "#app/server/link-health/types.ts";

/** How often an open page asks how far "Check all links now" has got. */
const POLL_MS = 3_000;

/**
 * "Check all links now" and how far the run has got. With JavaScript the page reads the progress
 * again every few seconds while a run is going (and so the counts and the list); without it,
 * "Refresh" does the same.
 */
export function CheckAll({ progress, listUrl }: { progress: CheckProgress; listUrl: string }) {
  const queuing = useSubmittingIntent("check-all");
  const revalidator = useRevalidator();
  // Read through a ref: one timer for the whole run, never restarted (nor lost) as the revalidator's
  // state goes back and forth with each read.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!progress.running) return;
    const timer = setInterval(() => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [progress.running]);
  const { queued, done } = progress;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {progress.running ? (
        <div className="flex min-w-60 flex-1 items-center gap-3 text-sm text-gray-700" role="status">
          <progress
            value={done}
            max={Math.max(queued, 1)}
            aria-label="Links checked"
            className="h-2 w-32 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-700"
          />
          <span>
            Checking: {done.toLocaleString("en-IN")} of {queued.toLocaleString("en-IN")} links done.
          </span>
          <Link to={listUrl} preventScrollReset className="font-semibold text-brand-700 underline">
            Refresh
          </Link>
        </div>
      ) : queued > 0 ? (
        <p className="text-sm text-gray-600">
          Last run: {queued === 1 ? "the link" : `all ${queued.toLocaleString("en-IN")} links`} checked.
        </p>
      ) : null}
      <Form method="post" action={listUrl} preventScrollReset>
        <button
          type="submit"
          name="intent"
          value="check-all"
          disabled={queuing}
          className={buttonClass("primary")}
        >
          {queuing ? "Queuing..." : "Check all links now"}
        </button>
      </Form>
    </div>
  );
}
