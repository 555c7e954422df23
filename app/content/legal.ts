/**
 * Privacy Policy (/privacy-policy) and Terms and Conditions
 * (/terms-and-conditions).
 *
 * The privacy policy describes what this site really stores. If the site
 * starts storing or sending anything new (another cookie, analytics, a
 * third-party script, IP addresses in logs), update the text and the date.
 */

import { PRIVACY_LAST_UPDATED, TERMS_LAST_UPDATED } from "#app/lib/sitemaps.ts";

export type LegalSection = {
  heading: string;
  paragraphs: string[];
};

export type LegalDocument = {
  title: string;
  /** ISO date, YYYY-MM-DD. */
  lastUpdated: string;
  /** Said before the date of the last change ("Last updated:"). */
  updatedLabel: string;
  intro: string;
  sections: LegalSection[];
};

function contactParagraph(siteName: string, contactEmail: string | undefined): string {
  return contactEmail
    ? `If you have a question about this page, write to the ${siteName} team at ${contactEmail}.`
    : `If you have a question about this page, contact the ${siteName} team through the social media links at the bottom of every page.`;
}

export function privacyPolicy(siteName: string, contactEmail?: string): LegalDocument {
  return {
    title: "Privacy Policy",
    lastUpdated: PRIVACY_LAST_UPDATED,
    updatedLabel: "Last updated:",
    intro: `This policy explains what information ${siteName} stores and why. In short: students and other visitors can use the whole public site without an account, and we do not collect personal data about them.`,
    sections: [
      {
        heading: "Visitors and students",
        paragraphs: [
          `You do not need an account to use ${siteName}. We do not ask for your name, e-mail address, phone number, school or any other personal details, and we do not store personal data about students.`,
          "We set no tracking, analytics or advertising cookies, and we do not build profiles of visitors. Our pages load no scripts, fonts, advertising or analytics from other companies' servers.",
          "Pictures are the one exception: a note or blog post written by our team may show a picture that is stored on another website. When your browser shows such a picture, it fetches it from that website, which then sees the usual details of any web request, such as your IP address and browser type, and our site's address. Its own privacy policy applies to that request.",
        ],
      },
      {
        heading: "Server logs",
        paragraphs: [
          "For each request, our server records the method (for example, GET), the page path, the response status and the time. We use these logs only to keep the site running and to find and fix errors.",
          "These logs do not contain your IP address, your browser details or anything else that identifies you.",
        ],
      },
      {
        heading: "Admin accounts",
        paragraphs: [
          `Only the members of the content team who manage ${siteName} have accounts. For each admin we store an e-mail address and a password. The password is stored only as a scrypt hash, so it cannot be read back, not even by us.`,
          "When an admin signs in, the site sets a session cookie, named cw_session. It holds only a random session identifier, it is httpOnly (scripts on the page cannot read it), it is used only for the admin console, it expires after a few days, and it ends when the admin logs out.",
          "It also sets a device cookie, named cw_device, so that the login page recognises a browser the admin has signed in from before. It holds only a random identifier (we store only a fingerprint of it), it is httpOnly, it lasts a year, and it is used for nothing but the protection against password guessing described below.",
          "Blog posts show the author name that the team enters for each post.",
        ],
      },
      {
        heading: "Protection against password guessing",
        paragraphs: [
          "To stop people from guessing admin passwords, we count login attempts for 15 minutes: per e-mail address that was typed, per network (IP) address the attempt came from, and per device cookie. Too many attempts for one account or from one address make the login wait. For each admin account we also remember, for 30 days, the network addresses and devices it signed in from, so that someone guessing from elsewhere cannot lock the admin out. We use these records for nothing else, and they are deleted with the account.",
        ],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "Visitors to the public pages get no cookie from us. The only cookies we set are the admin session cookie (cw_session) and the admin device cookie (cw_device) described above. We use no cookies for tracking, analytics or advertising.",
        ],
      },
      {
        heading: "Links to other websites",
        paragraphs: [
          "Most study resources on this site are links to other educational websites and video platforms. When you follow such a link, you leave our site, and the other website's own privacy policy and cookies apply. We do not control what those websites collect.",
        ],
      },
      {
        heading: "The companion app",
        paragraphs: [
          `${siteName} promotes a companion learning app. The app is a separate service with its own privacy policy, which you should read before you sign up for it. This website does not send any information about you to the app; the app buttons and QR code simply take you to its website or store listing.`,
        ],
      },
      {
        heading: "Children and students",
        paragraphs: [
          "Many of our visitors are under 18. Because the public pages collect no personal data, students can use them without sharing anything about themselves. Please do not send us personal information about yourself or others.",
        ],
      },
      {
        heading: "Changes to this policy",
        paragraphs: [
          "If what we store changes, we will update this page and the date at the top. Please check it from time to time.",
        ],
      },
      {
        heading: "Contact",
        paragraphs: [contactParagraph(siteName, contactEmail)],
      },
    ],
  };
}

export function termsAndConditions(siteName: string, contactEmail?: string): LegalDocument {
  return {
    title: "Terms and Conditions",
    lastUpdated: TERMS_LAST_UPDATED,
    updatedLabel: "Last updated:",
    intro: `These terms apply to your use of the ${siteName} website. By using the site, you agree to them. If you do not agree, please do not use the site.`,
    sections: [
      {
        heading: "Free educational use",
        paragraphs: [
          `${siteName} is free. You may use it for your own study and for teaching, and you may share links to its pages with anyone.`,
          "You may not copy large parts of the site to publish or sell elsewhere, or present our own notes, guides and articles as your own work.",
        ],
      },
      {
        heading: "Content from other websites",
        paragraphs: [
          "Most resources listed here (notes, question sets and video lectures) are links to other educational websites, collected and organised by our team. We do not own that content. It belongs to its creators, we link to the original rather than copying it, and the other website's own terms apply when you use it.",
          "If you own content that we link to and would like the link removed or changed, contact us and we will act on your request promptly.",
        ],
      },
      {
        heading: "Accuracy of content",
        paragraphs: [
          "We try hard to keep the material accurate and in line with the current CBSE syllabus, but we cannot promise that every page or link is complete, correct or up to date. Syllabuses, exam patterns and dates change.",
          "Always check important information against your NCERT textbooks, your school, and official CBSE sources such as cbse.gov.in and cbseacademic.nic.in.",
        ],
      },
      {
        heading: "No warranty",
        paragraphs: [
          'The site is provided "as is" and "as available", without any warranty. We do not guarantee that it will always be available or free of errors, or that using it will lead to any particular exam result.',
        ],
      },
      {
        heading: "Limitation of liability",
        paragraphs: [
          `To the extent the law allows, ${siteName} and its team are not liable for any loss or damage arising from your use of the site, from content on other websites we link to, or from the site being unavailable.`,
        ],
      },
      {
        heading: "Acceptable use",
        paragraphs: [
          "Do not try to access the admin console or any account without permission, interfere with the running of the site, or send automated requests in a way that overloads it.",
          "Admin accounts are for members of the content team only. Admins must keep their login details secret and are responsible for what is published from their account.",
        ],
      },
      {
        heading: "The companion app",
        paragraphs: [
          "The companion app promoted on this site is a separate service with its own terms and privacy policy. These terms cover only this website.",
        ],
      },
      {
        heading: "Governing law",
        paragraphs: [
          "These terms are governed by the laws of India, and the courts of India have jurisdiction over any dispute about them.",
        ],
      },
      {
        heading: "Changes to these terms",
        paragraphs: [
          "We may update these terms from time to time. The new version applies from the date shown at the top of this page. If you keep using the site after a change, you accept the updated terms.",
        ],
      },
      {
        heading: "Contact",
        paragraphs: [contactParagraph(siteName, contactEmail)],
      },
    ],
  };
}
