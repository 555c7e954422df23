import type { SyntheticEvent } from "react";

/** Closes the popover (dropdown, mobile menu) holding `element`, if it is open. */
export function closePopoverAround(element: Element | null | undefined) {
  const popover = element?.closest<HTMLElement>("[popover]");
  if (popover?.matches(":popover-open")) popover.hidePopover();
}

/** After a click on a link (or a search sent) inside a popover, the popover closes (client navigation keeps the page). */
export function closeOwnPopover(event: SyntheticEvent<HTMLElement>) {
  closePopoverAround(event.currentTarget);
}
