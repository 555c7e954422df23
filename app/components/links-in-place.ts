import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * A click handler for a list of many plain `<a href>` links to the site's own pages: a click on one
 * (Enter on a focused link is a click too) goes there as a router `<Link>` would, without reloading
 * the page, and anything a `<Link>` leaves to the browser stays the browser's (a new tab or window,
 * a download, another site, a click already handled). On the server it costs one hook for the whole
 * list, where a `<Link>` each cost some 10 µs: a class page draws 60 (docs/decisions/0016), a chapter
 * page a dozen filter choices. `preventScrollReset` keeps the reader where they were, as the prop does.
 */
export function useLinksInPlace(
  options: { preventScrollReset?: boolean } = {},
): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !event.currentTarget.contains(link) || !link.hasAttribute("href")) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    if (link.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash, options);
  };
}
