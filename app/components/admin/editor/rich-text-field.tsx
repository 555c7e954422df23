import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import type { RichTextEditorProps } from "#app/components/admin/editor/rich-text-editor.tsx";
import { inputClass } from "#app/components/field.tsx";
import { formTextToHtml } from "#app/lib/post-form.ts";

type Props = {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  hint?: string;
};

/** HTML the editor cannot represent: opening it there would silently drop these parts. */
const NOT_EDITABLE = /<(table|img|sub|sup)\b/i;

type Loaded = { Editor: ComponentType<RichTextEditorProps>; initialHtml: string };

/**
 * The Content field of notes and posts. The server renders a plain <textarea>, so the form
 * works before (and without) JavaScript; after hydration the rich-text editor is imported
 * and takes over the same field name, starting from whatever was typed meanwhile.
 */
export function RichTextField({ label, name, defaultValue, error, hint }: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [notice, setNotice] = useState("");

  // Loaded once per mount: from then on the editor owns the text, so later props are ignored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    let cancelled = false;
    const typed = formTextToHtml(textarea.current?.value ?? defaultValue);
    if (NOT_EDITABLE.test(typed)) {
      setNotice(
        "This text contains tables, images, or sub/superscript that the formatting toolbar cannot keep, so it is shown as HTML to keep them safe. Edit the HTML directly.",
      );
      return;
    }
    import("#app/components/admin/editor/rich-text-editor.tsx").then(
      (module) => {
        if (cancelled) return;
        // Whatever was typed into the textarea before the editor arrived is carried over.
        const current = formTextToHtml(textarea.current?.value ?? defaultValue);
        setLoaded({ Editor: module.default, initialHtml: current });
      },
      () => {
        if (!cancelled)
          setNotice(
            "The formatting toolbar could not load (check your connection). You can still type here: leave an empty line between paragraphs.",
          );
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const describedBy =
    [hint ? hintId : null, notice ? noticeId : null, error ? errorId : null].filter(Boolean).join(" ") ||
    undefined;

  const focusEditor = () => {
    if (!loaded) return;
    const editable = document.querySelector<HTMLElement>(`[aria-labelledby="${CSS.escape(labelId)}"]`);
    editable?.focus();
  };

  return (
    <div>
      {loaded ? (
        // biome-ignore lint/a11y/noLabelWithoutControl: the editable area names itself with aria-labelledby.
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the label is a mouse shortcut; keyboard users Tab in.
        <label id={labelId} onClick={focusEditor} className="block text-sm font-semibold text-gray-800">
          {label}
        </label>
      ) : (
        <label id={labelId} htmlFor={`${id}-textarea`} className="block text-sm font-semibold text-gray-800">
          {label}
        </label>
      )}
      {loaded ? (
        <loaded.Editor
          name={name}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          initialHtml={loaded.initialHtml}
        />
      ) : (
        <>
          <textarea
            ref={textarea}
            id={`${id}-textarea`}
            name={name}
            defaultValue={defaultValue}
            rows={10}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className={`${inputClass} min-h-[200px] font-mono text-sm`}
          />
          <p className="mt-1 text-xs text-gray-500">
            Type plain text and leave an empty line between paragraphs, or paste simple HTML.
          </p>
        </>
      )}
      {notice ? (
        <p id={noticeId} className="mt-1 text-sm text-amber-800">
          {notice}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
