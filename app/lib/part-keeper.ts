/**
 * What a server render may reuse of the parts it rendered before (docs/decisions/0016). The
 * component (app/components/kept-part.tsx) and the server's keeper both speak these words, so
 * neither has to reach into the other's layer.
 */
export type PartKeeper = {
  /**
   * The part's inner HTML, as rendered in place on an earlier page with the same key, with this
   * page's `hrefs` where that page had its own.
   */
  get(key: string, hrefs: readonly string[]): string | undefined;
  /** The part is rendered in place on this page: its HTML is kept once the page is whole. */
  renderedHere(part: KeptPartName, tag: KeptPartTag, key: string, hrefs: readonly string[]): void;
};

export type KeptPartName = "top-bar" | "footer";
export type KeptPartTag = "header" | "footer";
