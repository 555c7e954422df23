import type { MouseEvent } from "react";

/** After a click on a link inside a popover, the popover closes (client navigation keeps the page). */
export function closeOwnPopover(event: MouseEvent<HTMLElement>) {
  const popover = event.currentTarget.closest<HTMLElement>("[popover]");
  if (popover?.matches(":popover-open")) popover.hidePopover();
}
