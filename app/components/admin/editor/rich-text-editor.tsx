// The TipTap editor. Loaded only by RichTextField, with a dynamic import after hydration,
// so its ~130 KB never reach a public page.

import { TextAlign } from "@tiptap/extension-text-align";
import { EditorContent, useEditor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { useEffect, useState } from "react";
import { Toolbar } from "#app/components/admin/editor/toolbar.tsx";

export type RichTextEditorProps = {
  /** The form field that carries the HTML (the same one the plain textarea had). */
  name: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  initialHtml: string;
};

/** The editable area names itself after the visible "Content" label and carries the field's state. */
function editableAttributes(labelId: string, describedBy: string | undefined, invalid: boolean | undefined) {
  return {
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
    class:
      "prose-content min-h-[200px] px-3 py-2 text-base text-gray-900 focus:outline-none [&_p]:my-2 [&_li>p]:my-0.5 first:[&>*]:mt-0",
  };
}

export default function RichTextEditor({
  name,
  labelId,
  describedBy,
  invalid,
  initialHtml,
}: RichTextEditorProps) {
  // Until the admin types, the field keeps exactly what it was opened with.
  const [html, setHtml] = useState(initialHtml);
  const [message, setMessage] = useState("");
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions: [
      // StarterKit 3 brings Link and Underline: configured here, registered once.
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["https"],
          isAllowedUri: (url) => /^https:\/\//i.test(url),
        },
      }),
      TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right"] }),
    ],
    content: initialHtml,
    editorProps: { attributes: editableAttributes(labelId, describedBy, invalid) },
    // The empty paragraph TipTap keeps at the end (to click below a list) is not content.
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML().replace(/(<p><\/p>)+$/, "")),
  });

  // An error arriving after the editor was made (a failed save) must reach its attributes too.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: editableAttributes(labelId, describedBy, invalid) } });
  }, [editor, labelId, describedBy, invalid]);

  return (
    <div
      className={`mt-1 overflow-hidden rounded-lg border bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100 ${invalid ? "border-red-500" : "border-gray-300"}`}
    >
      <Toolbar editor={editor} onMessage={setMessage} />
      {message ? (
        <p
          role="alert"
          className="border-b border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {message}
        </p>
      ) : null}
      <div className="max-h-[60vh] min-h-[200px] overflow-y-auto">
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
