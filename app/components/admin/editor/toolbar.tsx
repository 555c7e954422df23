import { type Editor, useEditorState } from "@tiptap/react";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { judgeLinkAddress } from "#app/components/admin/editor/link-address.ts";

type Tool = {
  name: string;
  /** Tooltip: the name plus the keyboard shortcut, when there is one. */
  title: string;
  icon: ReactNode;
  /** Undefined for actions that are not on/off (Clear formatting). */
  pressed?: (s: ActiveState) => boolean;
  run: (editor: Editor) => void;
  /** Starts a new group (a thin divider before it). */
  group?: boolean;
};

type ActiveState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  bulletList: boolean;
  orderedList: boolean;
  h3: boolean;
  paragraph: boolean;
  center: boolean;
  right: boolean;
  link: boolean;
};

const svg = (path: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {path}
  </svg>
);

const glyph = (text: string, className = "") => (
  <span
    aria-hidden="true"
    className={`block min-w-[18px] text-center text-[15px] leading-[18px] ${className}`}
  >
    {text}
  </span>
);

/** Four horizontal strokes at y = 6, 10, 14, 18: the alignment icons. */
function lines(...spans: Array<[number, number]>) {
  return spans
    .map(([x1, x2], row) => ({ x1, x2, y: 6 + row * 4 }))
    .map(({ x1, x2, y }) => <line key={y} x1={x1} x2={x2} y1={y} y2={y} />);
}

const TOOLS: Tool[] = [
  {
    name: "Bold",
    title: "Bold (Ctrl+B)",
    icon: glyph("B", "font-extrabold"),
    pressed: (s) => s.bold,
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: "Italic",
    title: "Italic (Ctrl+I)",
    icon: glyph("I", "font-serif italic"),
    pressed: (s) => s.italic,
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: "Underline",
    title: "Underline (Ctrl+U)",
    icon: glyph("U", "underline"),
    pressed: (s) => s.underline,
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    name: "Bullet list",
    title: "Bullet list",
    group: true,
    icon: svg(
      <>
        <circle cx="4.5" cy="7" r="1.2" fill="currentColor" stroke="none" />
        <circle cx="4.5" cy="12" r="1.2" fill="currentColor" stroke="none" />
        <circle cx="4.5" cy="17" r="1.2" fill="currentColor" stroke="none" />
        <line x1="9" x2="20" y1="7" y2="7" />
        <line x1="9" x2="20" y1="12" y2="12" />
        <line x1="9" x2="20" y1="17" y2="17" />
      </>,
    ),
    pressed: (s) => s.bulletList,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: "Ordered list",
    title: "Ordered list (1, 2, 3)",
    icon: svg(
      <>
        <text x="2" y="9" fontSize="7" fill="currentColor" stroke="none" fontFamily="system-ui">
          1
        </text>
        <text x="2" y="19" fontSize="7" fill="currentColor" stroke="none" fontFamily="system-ui">
          2
        </text>
        <line x1="9" x2="20" y1="7" y2="7" />
        <line x1="9" x2="20" y1="17" y2="17" />
      </>,
    ),
    pressed: (s) => s.orderedList,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: "Heading 3 (H3)",
    title: "Heading (H3)",
    group: true,
    icon: glyph("H3", "font-bold"),
    pressed: (s) => s.h3,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: "Paragraph",
    title: "Paragraph (normal text)",
    icon: glyph("\u00b6", "font-bold"),
    pressed: (s) => s.paragraph,
    run: (e) => e.chain().focus().setParagraph().run(),
  },
  {
    name: "Align left",
    title: "Align left",
    group: true,
    icon: svg(lines([4, 20], [4, 14], [4, 20], [4, 14])),
    pressed: (s) => !s.center && !s.right,
    run: (e) => e.chain().focus().unsetTextAlign().run(),
  },
  {
    name: "Align center",
    title: "Align center",
    icon: svg(lines([4, 20], [7, 17], [4, 20], [7, 17])),
    pressed: (s) => s.center,
    run: (e) => e.chain().focus().setTextAlign("center").run(),
  },
  {
    name: "Align right",
    title: "Align right",
    icon: svg(lines([4, 20], [10, 20], [4, 20], [10, 20])),
    pressed: (s) => s.right,
    run: (e) => e.chain().focus().setTextAlign("right").run(),
  },
];

const LINK_ICON = svg(
  <>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </>,
);

const CLEAR_ICON = svg(
  <>
    <path d="M6 5h12" />
    <path d="M12 5 9 19" />
    <line x1="15" y1="14" x2="21" y2="20" />
    <line x1="21" y1="14" x2="15" y2="20" />
  </>,
);

const buttonClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:bg-brand-100 aria-pressed:text-brand-800";

/** The editor's formatting buttons: one Tab stop, arrow keys move between buttons (a toolbar). */
export function Toolbar({ editor, onMessage }: { editor: Editor | null; onMessage: (m: string) => void }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }): ActiveState | null =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            bulletList: e.isActive("bulletList"),
            orderedList: e.isActive("orderedList"),
            h3: e.isActive("heading", { level: 3 }),
            paragraph: e.isActive("paragraph") && !e.isActive("bulletList") && !e.isActive("orderedList"),
            center: e.isActive({ textAlign: "center" }),
            right: e.isActive({ textAlign: "right" }),
            link: e.isActive("link"),
          }
        : null,
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const addLink = (e: Editor) => {
    const previous = (e.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt("Link address (starting with https://)", previous || "https://");
    if (answer === null) return;
    const judged = judgeLinkAddress(answer);
    if (judged.kind === "refused") {
      onMessage(judged.message);
      return;
    }
    onMessage("");
    const chain = e.chain().focus().extendMarkRange("link");
    if (judged.kind === "remove") {
      chain.unsetLink().run();
    } else if (e.state.selection.empty && !e.isActive("link")) {
      // Nothing selected: the address itself becomes the link text.
      chain
        .insertContent({
          type: "text",
          text: judged.href,
          marks: [{ type: "link", attrs: { href: judged.href } }],
        })
        .run();
    } else {
      chain.setLink({ href: judged.href }).run();
    }
  };

  const tools: Tool[] = [
    ...TOOLS,
    {
      name: "Link",
      title: "Link: add, change or remove a web address",
      group: true,
      icon: LINK_ICON,
      pressed: (s) => s.link,
      run: addLink,
    },
    {
      name: "Clear formatting",
      title: "Clear formatting (back to plain paragraphs)",
      icon: CLEAR_ICON,
      run: (e) => e.chain().focus().unsetAllMarks().clearNodes().unsetTextAlign().run(),
    },
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      Home: 0,
      End: tools.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + tools.length) % tools.length;
    setFocusIndex(index);
    refs.current[index]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 border-b border-gray-200 bg-gray-50 p-1"
    >
      {tools.map((tool, i) => (
        <span key={tool.name} className="contents">
          {tool.group ? <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300" /> : null}
          <button
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            className={buttonClass}
            aria-label={tool.name}
            title={tool.title}
            aria-pressed={tool.pressed ? Boolean(active && tool.pressed(active)) : undefined}
            tabIndex={i === focusIndex ? 0 : -1}
            disabled={!editor}
            onFocus={() => setFocusIndex(i)}
            // Keep the text selection in the editor while clicking a button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor && tool.run(editor)}
          >
            {tool.icon}
          </button>
        </span>
      ))}
    </div>
  );
}
