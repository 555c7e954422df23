import { Form, Link } from "react-router";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { LanguageSwitch } from "#app/components/site/language-switch.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { closeOwnPopover } from "#app/components/site/popover.ts";
import { SearchField } from "#app/components/site/search-field.tsx";
import { currentIf, type MenuProps, type NavState } from "#app/components/site/site-data.ts";
import { buttonClass, ExternalLink } from "#app/components/site/ui.tsx";
import type { NavItem } from "#app/content/frame-copy.ts";

const linkClass =
  "flex min-h-12 items-center rounded-lg px-3 text-base font-semibold text-gray-800 hover:bg-gray-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800";

/**
 * The slide-in menu for phones and tablets, opened by the top bar's "Menu" button.
 * A native popover: Escape, a tap outside and "Close menu" close it, focus moves to the
 * close button on opening and back to "Menu" on closing, all without JavaScript.
 */
export function MobileMenu({ siteName, appStoreUrl, nav, switchTo }: MenuProps) {
  const copy = useFrameCopy();
  const local = useLocalPath();
  return (
    <div
      id="site-menu"
      popover="auto"
      className="mobile-menu flex-col bg-white text-gray-900 shadow-2xl lg:hidden"
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-gray-200 px-4">
        <Logo siteName={siteName} />
        <button
          type="button"
          popoverTarget="site-menu"
          popoverTargetAction="hide"
          // biome-ignore lint/a11y/noAutofocus: inside a popover it acts only when the user opens the menu, moving focus into it.
          autoFocus
          className="inline-flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-brand-700"
        >
          <Icon name="close" className="size-6" />
          <span className="sr-only">{copy.nav.closeMenu}</span>
        </button>
      </div>
      {/* Tablets have the box in the top bar itself. */}
      <Form
        method="get"
        action={local("/search")}
        role="search"
        onSubmit={closeOwnPopover}
        className="shrink-0 border-b border-gray-200 px-4 py-3 md:hidden"
      >
        <SearchField placeholder={copy.search.mobile} />
      </Form>
      <nav aria-label={copy.nav.menu} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          <li>
            <Link
              to={local("/")}
              aria-current={currentIf(nav, "/")}
              onClick={closeOwnPopover}
              className={linkClass}
            >
              {copy.nav.home}
            </Link>
          </li>
          <Group title={copy.nav.classes} links={copy.classLinks} nav={nav} />
          <Group title={copy.nav.guides} links={copy.guideLinks} nav={nav} />
          <li>
            <Link
              to={local("/about")}
              aria-current={currentIf(nav, "/about")}
              onClick={closeOwnPopover}
              className={linkClass}
            >
              {copy.nav.aboutUs}
            </Link>
          </li>
          <li>
            <Link
              to={local("/blog")}
              aria-current={currentIf(nav, "/blog")}
              onClick={closeOwnPopover}
              className={linkClass}
            >
              {copy.nav.blog}
            </Link>
          </li>
          <li className="pt-3">
            <LanguageSwitch to={switchTo} className={linkClass} />
          </li>
        </ul>
      </nav>
      <div className="shrink-0 border-t border-gray-200 p-4">
        <ExternalLink href={appStoreUrl} className={`${buttonClass.primary} w-full`}>
          <Icon name="smartphone" />
          {copy.getTheApp}
        </ExternalLink>
      </div>
    </div>
  );
}

function Group({ title, links, nav }: { title: string; links: NavItem[]; nav: NavState }) {
  const local = useLocalPath();
  return (
    <li className="pt-3">
      <p className="px-3 pb-1 text-xs font-bold tracking-wider text-gray-600 uppercase">{title}</p>
      <ul className="space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={local(link.to)}
              aria-current={currentIf(nav, link.to)}
              onClick={closeOwnPopover}
              className={`${linkClass} font-medium`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
