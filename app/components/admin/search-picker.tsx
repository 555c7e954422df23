import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import type { PickOption } from "#app/lib/pick.ts";

// One search-as-you-type picker for the console (the ARIA combobox pattern): the admin types part
// of a title, the matches come from a small JSON route (`source`), arrows move, Enter chooses,
// Escape closes. It never loads a whole table. Without JavaScript (and until the page hydrates) it
// is a plain control limited to the matches of a "Find" the page's loader answered: see `fallback`.

const DEBOUNCE_MS = 200;

/** The no-JavaScript way to narrow the choices: a GET form that reloads the page with `param`. */
export type PickerFallback = {
  /** The id of the page's PickerFindForm that "Find" submits; "" when the page has no Find. */
  form: string;
  /** The page's query parameter for this picker's search text, e.g. "chapterq". */
  param: string;
  query: string;
  /** What the page's loader found for `query` (the first choices when it is empty). */
  matches: PickOption[];
};

type Props = {
  label: string;
  /** The field the form posts: one value (max 1) or one per chosen item. */
  name: string;
  /** The JSON route answering `?q=` with `{ options: PickOption[] }`. */
  source: string;
  /** More parameters for `source`, e.g. the post being edited, never offered as its own related post. */
  sourceParams?: Record<string, string>;
  selected: PickOption[];
  /** 1: one choice, shown in the box; more: chosen items are removable chips. */
  max: number;
  /** The no-JavaScript select's first option, e.g. "Select chapter". */
  emptyChoice?: string;
  /** What the items are, plural, for messages: "chapters". */
  noun: string;
  hint?: string;
  error?: string;
  fallback: PickerFallback;
};

/** The GET form of a picker's no-JavaScript "Find", outside the page's POST form; keeps the page's address. */
export function PickerFindForm({ id, keep }: { id: string; keep: Record<string, string> }) {
  return (
    <Form id={id} method="get" preventScrollReset className="hidden">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </Form>
  );
}

export function SearchPicker(props: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Combobox {...props} /> : <PlainPicker {...props} />;
}

/** Without JavaScript: a select (one choice) or checkboxes (several) of the chosen and found items. */
function PlainPicker({ label, name, selected, max, emptyChoice, noun, hint, error, fallback }: Props) {
  const findId = useId();
  const chosen = new Set(selected.map((o) => o.value));
  const found = fallback.matches.filter((o) => !chosen.has(o.value));
  // A page that cannot answer "Find" (no form) offers its matches as they are.
  const find = !fallback.form ? null : (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={findId} className="block text-xs font-semibold text-gray-700">
          Find by name
        </label>
        <input
          id={findId}
          type="search"
          name={fallback.param}
          form={fallback.form}
          defaultValue={fallback.query}
          maxLength={100}
          className={inputClass}
        />
      </div>
      <button type="submit" form={fallback.form} formNoValidate className={buttonClass("cancel")}>
        Find
      </button>
    </div>
  );
  const noMatch =
    fallback.query && fallback.matches.length === 0 ? (
      <p className="mt-1 text-sm text-gray-600">
        No {noun} match “{fallback.query}”.
      </p>
    ) : null;

  if (max === 1) {
    const groups = groupByDetail([...selected, ...found]);
    return (
      <div>
        <Field label={label} error={error} hint={hint}>
          {(control) => (
            <select
              {...control}
              name={name}
              defaultValue={selected[0]?.value ?? ""}
              aria-required="true"
              className={`${inputClass} sm:max-w-xl`}
            >
              <option value="">{emptyChoice ?? "Choose"}</option>
              {groups.map(([detail, options]) => (
                <optgroup key={detail} label={detail}>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        {find}
        {noMatch}
      </div>
    );
  }
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-gray-800">{label}</legend>
      {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
      {[...selected, ...found].length > 0 ? (
        <ul className="mt-2 grid gap-1 rounded-lg border border-gray-200 p-2 sm:grid-cols-2">
          {[...selected, ...found].map((o) => (
            <li key={o.value}>
              <label className="flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-gray-50">
                <input
                  type="checkbox"
                  name={name}
                  value={o.value}
                  defaultChecked={chosen.has(o.value)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="text-gray-900">{o.label}</span>
                  {o.detail ? <span className="block text-xs text-gray-500">{o.detail}</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {find}
      {noMatch}
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}

function groupByDetail(options: PickOption[]): Array<[string, PickOption[]]> {
  const groups = new Map<string, PickOption[]>();
  for (const o of options) {
    const key = o.detail ?? "";
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups];
}

/** With JavaScript: the combobox. */
function Combobox({ label, name, source, sourceParams, selected, max, noun, hint, error }: Props) {
  const single = max === 1;
  const [chosen, setChosen] = useState<PickOption[]>(selected);
  const [text, setText] = useState(single ? (selected[0]?.label ?? "") : "");
  const [options, setOptions] = useState<PickOption[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);
  const full = !single && chosen.length >= max;
  const offered = (list: PickOption[], taken: PickOption[]) =>
    list.filter((o) => single || !taken.some((c) => c.value === o.value));
  const shown = offered(options ?? [], chosen);
  // What a search's answer, arriving later, needs of this render.
  const latest = useRef({ open, shown, active, chosen });
  latest.current = { open, shown, active, chosen };

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  // The highlighted match stays in view as the arrows move through a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  /** Asks `source` for the matches of `q`; an answer to an older question is dropped. */
  const search = (q: string, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const params = new URLSearchParams({ ...sourceParams, q });
      try {
        const response = await fetch(`${source}?${params}`, { signal: controller.signal });
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { options: PickOption[] };
        if (request.current !== controller) return;
        // A newer answer keeps the match the arrows had reached, if it is still offered: the admin
        // may press ArrowDown before the last keystroke's answer lands.
        const now = latest.current;
        const kept = now.open ? now.shown[now.active]?.value : undefined;
        setOptions(body.options);
        setActive(
          kept === undefined ? -1 : offered(body.options, now.chosen).findIndex((o) => o.value === kept),
        );
        setOpen(true);
      } catch {
        if (controller.signal.aborted) return;
        setOptions([]);
        setOpen(true);
      }
    }, delay);
  };

  const choose = (option: PickOption) => {
    if (single) {
      setChosen([option]);
      setText(option.label);
    } else {
      if (!chosen.some((o) => o.value === option.value) && chosen.length < max) {
        setChosen([...chosen, option]);
      }
      setText("");
    }
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open || options === null) {
        search(text, 0);
        return;
      }
      const last = shown.length - 1;
      if (event.key === "ArrowDown") setActive((i) => (i >= last ? 0 : i + 1));
      else setActive((i) => (i <= 0 ? last : i - 1));
    } else if (event.key === "Enter") {
      // Enter chooses the highlighted match; it never submits the form from here (a search
      // may still be on its way).
      event.preventDefault();
      const option = open ? shown[active] : undefined;
      if (option) choose(option);
    } else if (event.key === "Escape" && open) {
      // Closes the list only: a modal around the picker stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const activeOption = open && active >= 0 && active < shown.length ? shown[active] : undefined;
  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <div>
      {/* The titles go along for the browser's draft copy (autosave.tsx), never to the server. */}
      {single ? (
        <input type="hidden" name={name} value={chosen[0]?.value ?? ""} data-label={chosen[0]?.label} />
      ) : (
        chosen.map((o) => (
          <input key={o.value} type="hidden" name={name} value={o.value} data-label={o.label} />
        ))
      )}
      <Field
        label={label}
        error={error}
        hint={full ? `${max} chosen, the most a post can have: remove one to add another.` : hint}
      >
        {(control) => (
          <div className="relative sm:max-w-xl">
            <input
              {...control}
              type="text"
              role="combobox"
              aria-expanded={open}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeOption ? optionId(active) : undefined}
              aria-required={single ? "true" : undefined}
              autoComplete="off"
              disabled={full}
              value={text}
              placeholder={single ? `Type to find ${noun}` : `Type to add ${noun}`}
              maxLength={100}
              onChange={(event) => {
                const typed = event.currentTarget.value;
                setText(typed);
                // Typing over a chosen chapter un-chooses it: what is posted is what is shown.
                if (single && chosen.length > 0) setChosen([]);
                search(typed.trim(), DEBOUNCE_MS);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setOpen(false)}
              className={`${inputClass} disabled:bg-gray-100`}
            />
            {/* Always in the page, so aria-controls names an element; hidden while closed. */}
            <div
              id={listId}
              role="listbox"
              aria-label="Matches"
              hidden={!open || shown.length === 0}
              className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
            >
              {(open ? shown : []).map((o, i) => (
                // Keys are handled by the combobox input (aria-activedescendant); a click chooses too.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard, as the pattern says
                <div
                  key={o.value}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  // Mouse down would blur the input (closing the list) before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(o)}
                  className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-900" : "text-gray-900 hover:bg-gray-50"}`}
                >
                  <span className="block">{o.label}</span>
                  {o.detail ? <span className="block text-xs text-gray-500">{o.detail}</span> : null}
                </div>
              ))}
            </div>
            <p aria-live="polite" className="sr-only">
              {open ? (shown.length === 0 ? `No ${noun} match.` : `${shown.length} matches.`) : ""}
            </p>
            {open && shown.length === 0 ? (
              <p className="absolute z-20 mt-1 w-full rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm text-gray-600 shadow-lg">
                No {noun} match “{text.trim()}”.
              </p>
            ) : null}
          </div>
        )}
      </Field>
      {single && chosen[0]?.detail ? <p className="mt-1 text-xs text-gray-600">{chosen[0].detail}</p> : null}
      {!single && chosen.length > 0 ? (
        <ul aria-label={`Chosen ${noun}`} className="mt-2 flex flex-wrap gap-2">
          {chosen.map((o) => (
            <li
              key={o.value}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              <span className="truncate">{o.label}</span>
              <button
                type="button"
                aria-label={`Remove ${o.label}`}
                onClick={() => setChosen(chosen.filter((c) => c.value !== o.value))}
                className="rounded-full px-1.5 text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
