import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once the page's JavaScript runs: controls that
 * only exist for browsers without JavaScript (e.g. "Show subjects") disappear once it does.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
