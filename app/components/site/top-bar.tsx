import { Form, Link } from "react-router";
import { KeptPart } from "#app/components/kept-part.tsx";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { LanguageSwitch } from "#app/components/site/language-switch.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { MobileMenu } from "#app/components/site/mobile-menu.tsx";
import { closeOwnPopover } from "#app/components/site/popover.ts";
import { SearchField } from "#app/components/site/search-field.tsx";
import { currentIf, type MenuProps, type NavState } from "#app/components/site/site-data.ts";
import type { NavItem } from "#app/content/frame-copy.ts";

const itemClass =
  "inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-[0.95rem] font-semibold text-gray-700 hover:bg-gray-100 hover:text-gray-900 aria-[current=page]:text-brand-700";

/**
 * The top bar of every public page. The dropdowns and the mobile menu are native popovers:
 * they open, close on Escape or an outside click, and return focus without any script. What it
 * shows depends on its props alone (where the visitor is comes in `nav`), so the server keeps it
 * rendered (KeptPart).
 */
export function TopBar({ siteName, appStoreUrl, nav, switchTo }: MenuProps) {
  const copy = useFrameCopy();
  const local = useLocalPath();
  return (
    <KeptPart
      tag="header"
      part="top-bar"
      inputs={{ lang: copy.lang, siteName, appStoreUrl, nav }}
      hrefs={[switchTo]}
      className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 print:hidden"
    >
      <a
        href="#content"
        className="sr-only rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        {copy.skipToContent}
      </a>
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Link to={local("/")} className="rounded-lg focus-visible:outline-3 focus-visible:outline-brand-700">
          <Logo siteName={siteName} />
        </Link>
        <nav aria-label={copy.nav.main} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <Link to={local("/")} aria-current={currentIf(nav, "/")} className={itemClass}>
                {copy.nav.home}
              </Link>
            </li>
            <li>
              <Dropdown
                id="menu-classes"
                label={copy.nav.classes}
                links={copy.classLinks}
                nav={nav}
                active={nav.section === "classes"}
              />
            </li>
            <li>
              <Dropdown
                id="menu-guides"
                label={copy.nav.guides}
                links={copy.guideLinks}
                nav={nav}
                active={nav.section === "guides"}
              />
            </li>
            <li>
              <Link to={local("/about")} aria-current={currentIf(nav, "/about")} className={itemClass}>
                {copy.nav.aboutUs}
              </Link>
            </li>
            <li>
              <Link to={local("/blog")} aria-current={currentIf(nav, "/blog")} className={itemClass}>
                {copy.nav.blog}
              </Link>
            </li>
          </ul>
        </nav>
        {/* From tablets up the box sits in the bar; on phones it is in the mobile menu. */}
        <Form
          method="get"
          action={local("/search")}
          role="search"
          className="hidden min-w-0 flex-1 md:block md:max-w-xs lg:max-w-56 xl:max-w-xs"
        >
          <SearchField placeholder={copy.search.topBar} />
        </Form>
        <div className="flex items-center gap-2">
          <LanguageSwitch to={switchTo} className={`${itemClass} max-lg:px-2`} />
          <button
            type="button"
            popoverTarget="site-menu"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3.5 font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-brand-700 lg:hidden"
          >
            <Icon name="menu" />
            {copy.nav.menu}
          </button>
        </div>
      </div>
      <MobileMenu siteName={siteName} appStoreUrl={appStoreUrl} nav={nav} switchTo={switchTo} />
    </KeptPart>
  );
}

function Dropdown({
  id,
  label,
  links,
  nav,
  active,
}: {
  id: string;
  label: string;
  links: NavItem[];
  nav: NavState;
  active: boolean;
}) {
  const local = useLocalPath();
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className={`nav-trigger ${itemClass} ${active ? "text-brand-700" : ""}`}
      >
        {label}
        <Icon name="chevron-down" className="nav-chevron size-4" />
      </button>
      <div
        id={id}
        popover="auto"
        className="nav-dropdown w-64 rounded-xl border border-gray-200 bg-white p-2 text-gray-900 shadow-xl"
      >
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={local(link.to)}
                aria-current={currentIf(nav, link.to)}
                onClick={closeOwnPopover}
                className="flex min-h-11 items-center justify-between rounded-lg px-3 py-2 font-medium text-gray-800 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
              >
                {link.label}
                <Icon name="arrow-right" className="size-4 text-gray-500" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
