/**
 * Hindi twin of app/content/chapter-page-copy.ts: the fixed words of a chapter page
 * (/hi/class/G/chapter/SLUG) and of its printable QR code page (…/qr). Chapter titles, notes and
 * links are shown as their authors wrote them; "Notes", "MCQ", "PDF" stay as students know them.
 */
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { formatCount } from "#app/lib/numbers.ts";

export const chapterPageCopy: ChapterPageCopy = {
  meta: {
    title: (title: string, grade: number) => `${title} \u2013 कक्षा ${grade} Notes`,
    description: (grade: number, subject: string, title: string) =>
      `कक्षा ${grade} ${subject} \u2013 ${title}: CBSE विद्यार्थियों के लिए अध्याय के मुफ़्त Notes, महत्वपूर्ण प्रश्न और वीडियो लेक्चर।`,
    keywords: (grade: number, subject: string, title: string) => [
      title,
      `कक्षा ${grade} ${subject}`,
      `${title} notes`,
      `class ${grade} ${subject.toLowerCase()} hindi`,
      "cbse",
    ],
    notFoundTitle: (grade: number) => `अध्याय नहीं मिला \u2013 कक्षा ${grade}`,
  },
  home: "मुखपृष्ठ",
  classLabel: (grade: number) => `कक्षा ${grade}`,
  chapter: "अध्याय",
  classAndSubject: (grade: number, subject: string) => `कक्षा ${grade} · ${subject}`,
  features: ["AI की मदद से पढ़ाई", "हर पाठ पर इनाम", "अपनी प्रगति देखें"],
  featuresLabel: "App में",
  whatChanged: "क्या बदला:",
  downloadApp: "App डाउनलोड करें",
  backToClass: (grade: number) => `कक्षा ${grade} पर लौटें`,
  printedQrAlt: "इस अध्याय के पते का QR कोड",
  loading: "अध्याय लोड हो रहा है…",
  notesHeading: "Notes",
  lists: {
    official: "आधिकारिक संसाधन",
    notes: "अन्य Notes",
    questions: "प्रश्न",
    lectures: "वीडियो लेक्चर",
  },
  onTheirWay: (siteName: string) => `इस अध्याय के संसाधन जल्द आ रहे हैं। तब तक ${siteName} App में इसका अभ्यास करें।`,
  closing: {
    heading: (title: string) => `${title} की पढ़ाई जारी रखें`,
    text: (siteName: string, grade: number, subject: string) =>
      `${siteName} App में AI की मदद से अभ्यास करें और इनाम पाएँ, या कक्षा ${grade} ${subject} के और अध्याय देखें।`,
    explore: "और अध्याय देखें",
  },
  links: {
    open: "खोलें",
    types: {
      textbook: "पाठ्यपुस्तक",
      notes: "Notes",
      video: "वीडियो",
      mcq: "MCQ",
      "case-based": "केस आधारित",
      "assertion-reason": "अभिकथन-कारण",
      "source-based": "स्रोत आधारित",
      "short-answer": "लघु उत्तरीय",
      "long-answer": "दीर्घ उत्तरीय",
      "sample-paper": "सैंपल पेपर",
      "marking-scheme": "अंकन योजना",
      "previous-year-paper": "पिछले वर्ष का प्रश्न पत्र",
      "practice-questions": "अभ्यास प्रश्न",
      syllabus: "पाठ्यक्रम",
    },
    languages: { en: "अंग्रेज़ी", hi: "हिन्दी", both: "हिन्दी और अंग्रेज़ी" },
  },
  filters: {
    label: "लिंक छाँटें",
    language: "भाषा",
    allLanguages: "सभी भाषाएँ",
    type: "प्रकार",
    allTypes: "सभी प्रकार",
    hidden: (count: number) =>
      count === 1 ? "इस फ़िल्टर से 1 लिंक छिपा है।" : `इस फ़िल्टर से ${formatCount(count)} लिंक छिपे हैं।`,
    showAll: "सभी लिंक दिखाएँ",
  },
  report: {
    summary: "बताएँ क्या गड़बड़ है",
    legend: "क्या गड़बड़ है? (वैकल्पिक)",
    reasons: { broken: "लिंक नहीं खुलता", "wrong-content": "गलत सामग्री", other: "कुछ और" },
    hint: "फिर नीचे “टूटा लिंक बताएँ” दबाएँ।",
    button: "टूटा लिंक बताएँ",
    sending: "भेजा जा रहा है...",
    answers: {
      thanks: "धन्यवाद! हम यह लिंक जाँचेंगे।",
      later: "मदद के लिए धन्यवाद! आपने अभी-अभी बहुत-सी रिपोर्ट भेजी हैं, इसलिए थोड़ी देर बाद फिर कोशिश करें।",
      gone: "यह लिंक अब हमारी साइट पर नहीं है। नए लिंक देखने के लिए पेज फिर से लोड करें।",
      failed: "क्षमा करें, आपकी रिपोर्ट अभी भेजी नहीं जा सकी। कृपया थोड़ी देर बाद फिर कोशिश करें।",
    },
  },
  share: {
    label: "यह अध्याय शेयर करें",
    share: "शेयर करें",
    qrCode: "QR कोड",
    text: (title: string, grade: number, subject: string) => `${title} \u2013 कक्षा ${grade} ${subject}`,
  },
  offline: {
    save: "ऑफ़लाइन के लिए सेव करें",
    saving: "सेव हो रहा है…",
    saved: "ऑफ़लाइन के लिए सेव है",
    remove: "ऑफ़लाइन से हटाएँ",
    list: "सेव किए गए अध्याय देखें",
    refused: {
      full: (most: number) =>
        `इस फ़ोन पर पहले से ${most} अध्याय सेव हैं, जितने यह रख सकता है। यह अध्याय सेव करने के लिए कोई एक हटाएँ।`,
      quota: "फ़ोन में जगह नहीं बची है, इसलिए अध्याय सेव नहीं हुआ। थोड़ी जगह खाली करें या कोई सेव किया अध्याय हटाएँ।",
      offline: "आप ऑफ़लाइन हैं: इंटरनेट मिलने पर यह अध्याय सेव कर सकेंगे।",
      failed: "माफ़ कीजिए, अभी अध्याय सेव नहीं हो सका। कृपया फिर से कोशिश करें।",
      unsupported: "यह ब्राउज़र पेज ऑफ़लाइन नहीं रख सकता। Android पर Chrome रख सकता है।",
    },
  },
  neighbours: {
    label: "इस विषय के अध्याय",
    previous: (title: string) => `पिछला अध्याय: ${title}`,
    next: (title: string) => `अगला अध्याय: ${title}`,
  },
  notFound: {
    label: "त्रुटि 404",
    heading: "अध्याय नहीं मिला।",
    text: "हो सकता है इस अध्याय का नाम बदल गया हो या इसे हटा दिया गया हो। कक्षा के पेज पर हमारे सभी अध्याय दिए गए हैं।",
  },
  qr: {
    meta: {
      title: (title: string, grade: number, subject: string) => `QR कोड: ${title} – कक्षा ${grade} ${subject}`,
      description: (title: string, grade: number, subject: string) =>
        `कक्षा ${grade} ${subject} के अध्याय ${title} का QR कोड प्रिंट करें: स्कैन करते ही इस अध्याय के Notes और लिंक खुल जाते हैं।`,
    },
    alt: (title: string) => `अध्याय ${title} का QR कोड`,
    scan: (siteName: string) =>
      `फ़ोन के कैमरे से यह कोड स्कैन करें या पता टाइप करें, और ${siteName} पर इस अध्याय के Notes और लिंक खोलें।`,
    print: "प्रिंट करें",
    back: "अध्याय पर लौटें",
  },
};
