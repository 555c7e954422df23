/** A small spinner with a spoken label, for client-side loads of the next page's data. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-3 text-sm text-gray-600">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700"
      />
      <span>{label}</span>
    </div>
  );
}
