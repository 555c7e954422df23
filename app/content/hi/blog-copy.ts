/** Hindi twin of app/content/blog-copy.ts: the fixed words of the blog under /hi/blog. */

import type { BlogCopy } from "#app/content/blog-copy.ts";
import { formatCount } from "#app/lib/numbers.ts";

const DESCRIPTION =
  "कक्षा 9 से 12 के CBSE विद्यार्थियों के लिए पढ़ाई के टिप्स, परीक्षा की रणनीति और मार्गदर्शन: रिवीज़न कैसे करें, NCERT की किताबों का सही इस्तेमाल कैसे करें और परीक्षा के समय शांत कैसे रहें।";

export const blogCopy: BlogCopy = {
  meta: {
    title: (page: number) =>
      `ब्लॉग${page > 1 ? ` (पेज ${formatCount(page)})` : ""} – पढ़ाई के टिप्स और परीक्षा की तैयारी`,
    description: DESCRIPTION,
    keywords: ["पढ़ाई के टिप्स", "बोर्ड परीक्षा की तैयारी", "ncert", "परीक्षा की रणनीति", "cbse study tips hindi"],
    blogName: (siteName: string) => `${siteName} ब्लॉग`,
    feedTitle: "ब्लॉग (RSS)",
  },
  home: "मुखपृष्ठ",
  blog: "ब्लॉग",
  intro: DESCRIPTION,
  latest: "नई पोस्ट",
  cadence: "हर कुछ हफ़्तों में नई पोस्ट आती है।",
  pages: "ब्लॉग के पेज",
  empty: "अभी कोई पोस्ट नहीं है। जल्द ही फिर देखें।",
  follow: "नई पोस्ट आते ही पाने के लिए:",
  feed: "RSS फ़ीड",
  card: {
    readPost: "पोस्ट पढ़ें",
    by: ", लेखक: ",
  },
  post: {
    byline: (author: string) => `लेखक: ${author}`,
    article: "लेख",
    related: "संबंधित पोस्ट",
    back: "ब्लॉग पर लौटें",
  },
  notFound: {
    title: "पोस्ट नहीं मिली",
    text: "आप जो लेख खोज रहे हैं, वह मौजूद नहीं है।",
    back: "ब्लॉग पर लौटें",
  },
};
