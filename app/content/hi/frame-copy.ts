/**
 * Hindi twin of app/content/frame-copy.ts: the words of the frame around every Hindi public page
 * (/hi...). Addresses stay English here; the frame shows each in Hindi (/hi/class/9).
 */
import type { FrameCopy } from "#app/content/frame-copy.ts";
import { errorCopy } from "#app/content/hi/error-copy.ts";
import { formatCount } from "#app/lib/numbers.ts";
import { sessionName } from "#app/lib/sessions.ts";

export const frameCopy: FrameCopy = {
  lang: "hi",
  skipToContent: "मुख्य सामग्री पर जाएँ",
  nav: {
    main: "मुख्य",
    home: "मुखपृष्ठ",
    classes: "कक्षाएँ",
    guides: "गाइड",
    aboutUs: "हमारे बारे में",
    blog: "ब्लॉग",
    menu: "मेन्यू",
    closeMenu: "मेन्यू बंद करें",
  },
  classLinks: [
    { to: "/class/9", label: "कक्षा 9 के संसाधन" },
    { to: "/class/10", label: "कक्षा 10 के संसाधन" },
    { to: "/class/11", label: "कक्षा 11 के संसाधन" },
    { to: "/class/12", label: "कक्षा 12 के संसाधन" },
  ],
  guideLinks: [
    { to: "/guide/9", label: "कक्षा 9 अध्ययन गाइड" },
    { to: "/guide/10", label: "कक्षा 10 परीक्षा गाइड" },
    { to: "/guide/11", label: "कक्षा 11 अध्ययन गाइड" },
    { to: "/guide/12", label: "कक्षा 12 बोर्ड गाइड" },
  ],
  search: {
    topBar: "खोजें",
    mobile: "अध्याय, लिंक और पोस्ट खोजें",
    suggestions: "सुझाव",
    kinds: { chapter: "अध्याय", link: "लिंक", post: "पोस्ट" },
    suggestionCount: (count) => `${formatCount(count)} सुझाव।`,
  },
  getTheApp: "App पाएँ",
  opensInNewTab: "(नए टैब में खुलेगा)",
  languageSwitch: { label: "English", lang: "en" },
  footer: {
    // One line under the product name (kept here, not with the home page's words: every page has it).
    tagline: "कक्षा 9 से 12 के लिए मुफ़्त CBSE अध्ययन सामग्री, अध्याय-दर-अध्याय।",
    madeInIndia: "भारत में निर्मित",
    socialMedia: "सोशल मीडिया",
    findOn: (siteName, network) => `${network} पर ${siteName}`,
    studyGuides: "अध्ययन गाइड",
    downloadTheApp: "App डाउनलोड करें",
    qrAlt: (siteName) => `${siteName} App डाउनलोड करने का QR कोड`,
    scanText: "AI से मदद, इनाम और मॉक टेस्ट के लिए अपने फ़ोन के कैमरे से यह कोड स्कैन करें।",
    privacy: "गोपनीयता नीति",
    terms: "नियम और शर्तें",
    saved: "ऑफ़लाइन के लिए सेव",
  },
  breadcrumb: { label: "आप यहाँ हैं", home: "मुखपृष्ठ" },
  cards: {
    description: "इस अध्याय के Notes, महत्वपूर्ण प्रश्न और वीडियो लेक्चर।",
    viewResources: "संसाधन देखें",
    forChapter: (title) => `: ${title}`,
    contents: (notes, links) =>
      [
        // "Notes" stays as students know it, but one is one Note ("1 Notes" read as a slip).
        ...(notes > 0 ? [`${formatCount(notes)} ${notes === 1 ? "Note" : "Notes"}`] : []),
        ...(links > 0 ? [`${formatCount(links)} लिंक`] : []),
      ].join(" · ") || "जल्द आ रहा है",
    loading: "अध्याय लोड हो रहे हैं",
  },
  syllabus: {
    badge: (status, year) =>
      status === "out"
        ? `${sessionName(year)} के पाठ्यक्रम में नहीं`
        : status === "new"
          ? `${sessionName(year)} में नया`
          : null,
    outHeading: (year) => `${sessionName(year)} के पाठ्यक्रम में नहीं`,
  },
  pages: {
    previous: "पिछला",
    next: "अगला",
    pageOf: (page, pages) => `पेज ${formatCount(page)} / ${formatCount(pages)}`,
  },
  errors: errorCopy,
  notFound: {
    title: "पेज नहीं मिला",
    text: "आप जो पेज खोज रहे हैं, वह मौजूद नहीं है या कहीं और चला गया है।",
    popular: "लोकप्रिय पेज",
    suggestions: [
      { to: "/class/10", label: "कक्षा 10 के संसाधन" },
      { to: "/guide/12", label: "कक्षा 12 बोर्ड गाइड" },
      { to: "/blog", label: "ब्लॉग" },
      { to: "/about", label: "हमारे बारे में" },
    ],
  },
  promo: {
    close: "बंद करें",
    appLabel: (siteName) => `${siteName} App`,
    heading: "क्या आप अपनी पढ़ाई को और तेज़ करना चाहते हैं?",
    text: (siteName) =>
      `शंकाओं के लिए AI की मदद, हर पाठ पर इनाम और अपनी प्रगति का हिसाब, सब कुछ ${siteName} App में मुफ़्त।`,
    scanOrOpen: "अपने फ़ोन से कोड स्कैन करें या स्टोर पेज खोलें।",
    qrAlt: (siteName) => `QR कोड: ${siteName} App डाउनलोड करें`,
    scan: "डाउनलोड के लिए स्कैन करें",
    continue: "अध्याय पर चलें",
  },
};
