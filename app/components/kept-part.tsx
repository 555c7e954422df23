import { createContext, type HTMLAttributes, type ReactNode, useContext } from "react";
import type { KeptPartName, KeptPartTag, PartKeeper } from "#app/lib/part-keeper.ts";

/**
 * What a server render may reuse of the parts it rendered before. The site's top bar and footer
 * are the same on thousands of pages and were a third of the CPU of a page rendered afresh; they
 * are rendered in place once per set of inputs, and later pages send those bytes again
 * (docs/decisions/0016). entry.server gives each render a keeper; in the browser there is none,
 * and the part is rendered and hydrated as usual: it finds the same HTML React would have made.
 */
const PartKeeperContext = createContext<PartKeeper | null>(null);

export function PartKeeperProvider({ value, children }: { value: PartKeeper | null; children?: ReactNode }) {
  return <PartKeeperContext.Provider value={value}>{children}</PartKeeperContext.Provider>;
}

type KeptPartProps = HTMLAttributes<HTMLElement> & {
  tag: KeptPartTag;
  part: KeptPartName;
  /**
   * Everything the part's HTML depends on. Its components must read nothing else that changes
   * from page to page (no location, no nonce): what they show of the page comes in here.
   */
  inputs: unknown;
  /**
   * Link addresses in the part that differ from page to page (the language switch's, which leads
   * to this very page in the other language): kept without them, and each page's put back.
   */
  hrefs?: readonly string[];
  children?: ReactNode;
};

/** An element whose content a server render takes from the keeper when it has it. */
export function KeptPart({ tag: Tag, part, inputs, hrefs = [], children, ...attributes }: KeptPartProps) {
  const keeper = useContext(PartKeeperContext);
  if (keeper) {
    const key = `${part} ${JSON.stringify(inputs)}`;
    const html = keeper.get(key, hrefs);
    if (html !== undefined) {
      return <Tag data-part={part} {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
    }
    keeper.renderedHere(part, Tag, key, hrefs);
  }
  return (
    <Tag data-part={part} {...attributes}>
      {children}
    </Tag>
  );
}
