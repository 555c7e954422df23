import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { closePopoverAround } from "#app/components/site/popover.ts";
import { MAX_QUERY_LENGTH } from "#app/lib/search-query.ts";
import { MAX_SUGGESTIONS, type Suggestion } from "#app/server/search/types.ts";

/** The JSON list of suggestions (app/routes/search-suggest.ts). */
export const SUGGEST_PATH = "/search/suggest";
const MIN_CHARS = 2;
const DEBOUNCE_MS = 150;

/**
 * The "Search" input of a GET form to /search. Without JavaScript it is a plain search box and
 * the form sends it. With JavaScript it becomes an ARIA combobox: after two characters it asks
 * for at most 8 suggestions (debounced, a stale request cancelled), arrows move through them,
 * Enter or a click goes straight to the suggestion's page, Escape closes the list.
 */
export function SearchField({
  defaultValue = "",
  labelClassName = "sr-only",
  className = "",
  placeholder,
}: {
  defaultValue?: string;
  labelClassName?: string;
  className?: string;
  /** Default: "Search chapters, links and posts" in the page's language. */
  placeholder?: string;
}) {
  const copy = useFrameCopy().search;
  const local = useLocalPath();
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The combobox roles are set once React runs here; before that (and without JS) it is a search box.
  useEffect(() => {
    setReady(true);
    return () => {
      window.clearTimeout(timer.current);
      request.current?.abort();
    };
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /** Drops the answer on its way, if any. */
  const stop = () => {
    window.clearTimeout(timer.current);
    request.current?.abort();
  };
  /** No list, and none on its way (the query is being sent). */
  const cancel = () => {
    stop();
    close();
  };

  // While typing, the list shown stays until the next answer replaces it.
  const ask = (value: string) => {
    stop();
    const q = value.trim();
    if ([...q].length < MIN_CHARS) {
      setOptions([]);
      close();
      return;
    }
    timer.current = window.setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const response = await fetch(`${SUGGEST_PATH}?q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
        });
        const { suggestions } = (await response.json()) as { suggestions: Suggestion[] };
        if (controller.signal.aborted) return;
        setOptions(suggestions.slice(0, MAX_SUGGESTIONS));
        setActive(-1);
        // Answers that arrive after the student moved on stay closed.
        setOpen(suggestions.length > 0 && document.activeElement === input.current);
      } catch {
        // Cancelled, offline or refused: no list, and the form still sends the query.
      }
    }, DEBOUNCE_MS);
  };

  const go = (suggestion: Suggestion) => {
    close();
    closePopoverAround(input.current);
    navigate(local(suggestion.href));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      const down = event.key === "ArrowDown";
      if (!open) setActive(down ? 0 : count - 1);
      else setActive((i) => (down ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
      return;
    }
    if (event.key === "Enter") {
      const chosen = open ? options[active] : undefined;
      if (chosen) {
        event.preventDefault();
        go(chosen);
      } else {
        cancel(); // and the form sends the query
      }
    } else if (event.key === "Escape" && open) {
      // Only the list closes, not the mobile menu around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const expanded = open && options.length > 0;
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={labelClassName}>
        {copy.topBar}
      </label>
      <div className="relative">
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500"
        />
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={placeholder ?? copy.mobile}
          enterKeyHint="search"
          className="block h-11 w-full rounded-lg border border-gray-300 bg-white pr-3 pl-10 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          {...(ready
            ? {
                role: "combobox",
                autoComplete: "off",
                "aria-autocomplete": "list",
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
                onChange: (event: ChangeEvent<HTMLInputElement>) => ask(event.currentTarget.value),
                onKeyDown,
                onBlur: close,
                onFocus: () => setOpen(options.length > 0),
              }
            : {})}
        />
      </div>
      {ready ? (
        <>
          {/* Always in the page once enhanced, so aria-controls names an element; hidden while closed. */}
          <div
            id={listId}
            role="listbox"
            aria-label={copy.suggestions}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-40 mt-1 max-h-[min(70vh,calc(100dvh-9rem))] overflow-y-auto rounded-xl border border-gray-200 bg-white p-1.5 text-left shadow-xl"
          >
            {options.map((option, i) => (
              // The input owns the keyboard (aria-activedescendant), as the pattern says; a click goes too.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={`${option.kind}:${option.href}:${option.title}`}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                // Keeps the focus in the box, so the click lands before the list closes on blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(option)}
                className="flex cursor-pointer flex-col gap-0.5 rounded-lg px-3 py-2 hover:bg-gray-100 aria-selected:bg-brand-50"
              >
                <span className="font-semibold text-gray-900">{option.title}</span>
                <span className="text-sm text-gray-600">
                  {copy.kinds[option.kind]}
                  {option.context ? ` · ${option.context}` : ""}
                </span>
              </div>
            ))}
          </div>
          <p aria-live="polite" className="sr-only">
            {expanded ? copy.suggestionCount(options.length) : ""}
          </p>
        </>
      ) : null}
    </div>
  );
}
