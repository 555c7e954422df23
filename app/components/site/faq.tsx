import { Icon } from "#app/components/site/icons.tsx";
import type { FaqItem } from "#app/content/home-copy.ts";

/**
 * The FAQ accordion. `<details name="faq">` makes it exclusive in the browser itself: opening
 * one question closes the open one, and clicking the open one closes it, with or without
 * JavaScript; site.css animates the 300 ms collapse.
 */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-gray-200 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} name="faq" className="faq-item">
          <summary className="flex min-h-14 cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-700 sm:text-lg">
            {item.question}
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon name="chevron-down" className="faq-chevron size-5" />
            </span>
          </summary>
          <p className="px-5 pb-5 leading-relaxed text-gray-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
