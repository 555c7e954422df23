// Shared looks of the public pages' call-to-action links, so every button reads the same.
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl whitespace-nowrap px-5 py-2.5 text-base font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export const primaryButton = `${base} bg-brand-700 text-white hover:bg-brand-800`;
export const secondaryButton = `${base} border border-gray-300 bg-white text-gray-800 hover:border-brand-600 hover:text-brand-700`;
/** For buttons on the dark brand band. */
export const lightButton = `${base} bg-white text-brand-800 hover:bg-brand-50`;
export const outlineLightButton = `${base} border border-white/70 text-white hover:bg-white/10`;

/** Attributes of every link that leaves the site: new tab, no opener, no referrer. */
export const external = { target: "_blank", rel: "noopener noreferrer" } as const;
