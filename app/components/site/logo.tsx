/** The mark: an open book with a bookmark, on the brand blue. Same drawing as /favicon.svg. */
export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={`shrink-0 ${className}`} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1c44ad" />
      <path d="M5.5 10.4c3.3-1.3 6.8-1 10.5 1.1v12.2c-3.7-2.1-7.2-2.4-10.5-1.1z" fill="#ffffff" />
      <path d="M26.5 10.4c-3.3-1.3-6.8-1-10.5 1.1v12.2c3.7-2.1 7.2-2.4 10.5-1.1z" fill="#dbe6fe" />
      <path d="M20.2 10.3h3v6.6l-1.5-1.3-1.5 1.3z" fill="#f59e0b" />
    </svg>
  );
}

/** Mark and name, as shown in the top bar and the footer. */
export function Logo({ siteName, inverted = false }: { siteName: string; inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark />
      <span className={`text-xl font-extrabold tracking-tight ${inverted ? "text-white" : "text-gray-900"}`}>
        {siteName}
      </span>
    </span>
  );
}
