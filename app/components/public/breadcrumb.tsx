import { Link } from "react-router";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";

/** The visible trail (the JSON-LD BreadcrumbList says the same to search engines). */
export function Breadcrumb({
  trail,
  className = "",
}: {
  trail: Array<[string, string]>;
  className?: string;
}) {
  const { breadcrumb } = useFrameCopy();
  const local = useLocalPath();
  return (
    <nav aria-label={breadcrumb.label} className={`text-sm ${className}`}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {trail.map(([name, path], i) => {
          const last = i === trail.length - 1;
          return (
            <li key={path} className="flex items-center gap-1.5">
              {i > 0 ? (
                <span aria-hidden="true" className="opacity-60">
                  ›
                </span>
              ) : null}
              {last ? (
                <span aria-current="page" className="font-medium">
                  {name}
                </span>
              ) : (
                <Link
                  to={local(path)}
                  className="inline-flex min-h-6 items-center underline-offset-2 hover:underline"
                >
                  {name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
