import { Link } from "react-router";
import { KeptPart } from "#app/components/kept-part.tsx";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { socialLinks } from "#app/components/site/site-data.ts";
import { Container, ExternalLink } from "#app/components/site/ui.tsx";
import type { NavItem } from "#app/content/frame-copy.ts";
import { SAVE_DATA_OMIT } from "#app/lib/save-data.ts";

type FooterProps = {
  siteName: string;
  appStoreUrl: string;
  /** data: URL of the QR code of the store listing, drawn on the server; absent if drawing failed. */
  qrCode: string | undefined;
  year: number;
};

const linkClass = "inline-flex min-h-9 items-center text-gray-300 hover:text-white hover:underline";

/**
 * The footer of every public page: app download, social links, legal links, copyright. The same
 * for the same props, so the server keeps it rendered (KeptPart).
 */
export function Footer({ siteName, appStoreUrl, qrCode, year }: FooterProps) {
  const copy = useFrameCopy();
  const local = useLocalPath();
  const words = copy.footer;
  return (
    <KeptPart
      tag="footer"
      part="footer"
      inputs={{ lang: copy.lang, siteName, appStoreUrl, qrCode, year }}
      className="mt-auto bg-gray-950 text-gray-300 print:hidden"
    >
      <Container className="py-12 lg:py-14">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-12">
          <div className="sm:col-span-2 lg:col-span-3">
            <Link
              to={local("/")}
              className="inline-block rounded-lg focus-visible:outline-3 focus-visible:outline-white"
            >
              <Logo siteName={siteName} inverted />
            </Link>
            <p className="mt-4 max-w-sm leading-relaxed">{words.tagline}</p>
            <p className="mt-4 inline-flex items-center gap-2 font-semibold text-white">
              <Tricolour />
              {words.madeInIndia}
            </p>
            <ul className="mt-6 flex gap-3" aria-label={words.socialMedia}>
              {socialLinks.map((social) => (
                <li key={social.network}>
                  <ExternalLink
                    href={social.href}
                    label={words.findOn(siteName, social.network)}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-white"
                  >
                    <Icon name={social.icon} className="size-5" />
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>
          <FooterLinks title={copy.nav.classes} links={copy.classLinks} className="lg:col-span-3" />
          <FooterLinks
            title={words.studyGuides}
            links={[
              ...copy.guideLinks,
              { to: "/about", label: copy.nav.aboutUs },
              { to: "/blog", label: copy.nav.blog },
            ]}
            className="lg:col-span-3"
          />
          <div className="lg:col-span-3">
            <h2 className="text-sm font-bold tracking-wider text-white uppercase">{words.downloadTheApp}</h2>
            <div className="mt-4 flex items-start gap-4 sm:block">
              {qrCode ? (
                <img
                  {...{ [SAVE_DATA_OMIT]: "" }}
                  src={qrCode}
                  alt={words.qrAlt(siteName)}
                  width={132}
                  height={132}
                  className="size-[132px] shrink-0 rounded-xl bg-white p-1.5"
                />
              ) : null}
              <div className="sm:mt-4">
                {/* Both for another phone to scan: a visitor saving data is sent neither (the link stays). */}
                <p {...{ [SAVE_DATA_OMIT]: "" }} className="text-sm leading-relaxed">
                  {words.scanText}
                </p>
                <ExternalLink
                  href={appStoreUrl}
                  className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-4 font-semibold text-gray-900 hover:bg-brand-50"
                >
                  <Icon name="smartphone" />
                  {copy.getTheApp}
                </ExternalLink>
              </div>
            </div>
          </div>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {siteName}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            <li>
              <Link to={local("/privacy-policy")} className={linkClass}>
                {words.privacy}
              </Link>
            </li>
            <li>
              <Link to={local("/terms-and-conditions")} className={linkClass}>
                {words.terms}
              </Link>
            </li>
            <li>
              <Link to={local("/saved")} className={linkClass}>
                {words.saved}
              </Link>
            </li>
          </ul>
        </Container>
      </div>
    </KeptPart>
  );
}

function FooterLinks({ title, links, className }: { title: string; links: NavItem[]; className: string }) {
  const local = useLocalPath();
  return (
    <nav aria-label={title} className={className}>
      <h2 className="text-sm font-bold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={local(link.to)} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Three thin stripes in saffron, white and green beside 'Made in India' (decoration only). */
function Tricolour() {
  return (
    <svg viewBox="0 0 18 12" className="h-3 w-[18px] rounded-sm" aria-hidden="true" focusable="false">
      <rect width="18" height="4" fill="#ff9933" />
      <rect y="4" width="18" height="4" fill="#ffffff" />
      <rect y="8" width="18" height="4" fill="#138808" />
      <circle cx="9" cy="6" r="1.3" fill="#000080" />
    </svg>
  );
}
