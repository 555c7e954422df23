import { useCallback, useEffect, useRef } from "react";
import type { FocusAfter } from "#app/components/admin/chapter-form/chapter-fields.tsx";

/**
 * Where keyboard focus goes after a row button: the new row's first field, or the "Add" button
 * that takes the place of a removed row. The row appears (or goes) when the form renders again, so
 * the request waits for the next render in which its target is there.
 */
export function useFocusAfter(formId: string): FocusAfter {
  const wanted = useRef<string | null>(null);
  useEffect(() => {
    const target = wanted.current;
    if (!target) return;
    const element = document.forms.namedItem(formId)?.elements.namedItem(target);
    if (!(element instanceof HTMLElement)) return;
    wanted.current = null;
    element.focus();
  });
  return useCallback((target: string) => {
    wanted.current = target;
  }, []);
}
