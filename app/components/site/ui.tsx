import type { ReactNode } from "react";
import { useFrameCopy } from "#app/components/site/frame-copy.tsx";
import { Icon, type IconName } from "#app/components/site/icons.tsx";

/** The page column: full width on phones, a readable maximum on large screens. */
export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

/** A section's heading with an optional short line above and an introduction below. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  center = true,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  center?: boolean;
}) {
  return (
    <div className={center ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-1 text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-base leading-relaxed text-gray-700 sm:text-lg">{intro}</p> : null}
    </div>
  );
}

const BUTTON_BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-base font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2";

/** Looks of link-buttons: `primary` on light backgrounds, `light`/`ghost` on the brand blue. */
export const buttonClass = {
  primary: `${BUTTON_BASE} bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-brand-700`,
  secondary: `${BUTTON_BASE} border border-gray-300 bg-white text-gray-900 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-brand-700`,
  light: `${BUTTON_BASE} bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white`,
  ghost: `${BUTTON_BASE} border border-white/60 text-white hover:bg-white/10 focus-visible:outline-white`,
  accent: `${BUTTON_BASE} bg-accent-500 text-gray-900 shadow-sm hover:bg-amber-400 focus-visible:outline-white`,
} as const;

/** A link to another site: always a new tab, never with access back to this page. */
export function ExternalLink({
  href,
  children,
  className,
  label,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  /** Accessible name when the visible content is only an icon. */
  label?: string;
}) {
  const { opensInNewTab } = useFrameCopy();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">{label ? `${label} ${opensInNewTab}` : ` ${opensInNewTab}`}</span>
    </a>
  );
}

/** A rounded tinted square holding an icon, for feature and tip cards. */
export function IconBadge({ name, tone = "brand" }: { name: IconName; tone?: "brand" | "amber" | "green" }) {
  const tones = {
    brand: "bg-brand-50 text-brand-700",
    amber: "bg-amber-50 text-amber-700",
    green: "bg-green-50 text-green-700",
  };
  return (
    <span className={`inline-flex size-11 items-center justify-center rounded-xl ${tones[tone]}`}>
      <Icon name={name} className="size-6" />
    </span>
  );
}

/** A checked bullet list, used for syllabus points, guide lists and commitments. */
export function CheckList({
  items,
  icon = "check",
  tone = "text-brand-700",
  className = "",
}: {
  items: string[];
  icon?: IconName;
  tone?: string;
  className?: string;
}) {
  return (
    <ul className={`space-y-2.5 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-relaxed text-gray-800">
          <span className={`mt-0.5 ${tone}`}>
            <Icon name={icon} className="size-5" />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
