import { createContext, type ReactNode, useContext } from "react";
import type { FrameCopy } from "#app/content/frame-copy.ts";
import { inLang } from "#app/lib/language.ts";

// The public layout of each language (app/routes/public/layout.tsx, app/routes/public/hi/layout.tsx)
// hands its words to the frame's components here, so none of them imports a language's copy and
// a page's JavaScript carries its own language only (docs/decisions/0030).
const FrameCopyContext = createContext<FrameCopy | null>(null);

export function FrameCopyProvider({ value, children }: { value: FrameCopy; children?: ReactNode }) {
  return <FrameCopyContext.Provider value={value}>{children}</FrameCopyContext.Provider>;
}

/** The words of the public frame in the page's language. */
export function useFrameCopy(): FrameCopy {
  const copy = useContext(FrameCopyContext);
  if (!copy) throw new Error("useFrameCopy() outside a public layout");
  return copy;
}

/** A site address as the page's language shows it: `/class/10` is `/hi/class/10` on a Hindi page. */
export function useLocalPath(): (address: string) => string {
  const { lang } = useFrameCopy();
  return (address) => inLang(lang, address);
}
