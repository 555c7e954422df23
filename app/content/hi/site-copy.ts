/**
 * Hindi twin of app/content/site-copy.ts: marketing constants shared by several
 * pages. The figures are copy from the product spec, not computed from the database.
 */

import type { AiMode, AppFeature, AppPlatform, Stat } from "#app/content/site-copy.ts";
import type { Grade } from "#app/lib/grades.ts";

/** The stats strip on the Home page. */
export const stats: Stat[] = [
  { value: "50,000+", label: "विद्यार्थी" },
  { value: "500+", label: "संसाधन" },
  { value: "95%", label: "सफलता दर" },
  { value: "24/7", label: "सहायता" },
];

/** Figures of the companion app. */
export const appFigures: Stat[] = [
  { value: "120+", label: "वीडियो लेक्चर" },
  { value: "70+", label: "Notes" },
  { value: "3", label: "AI मोड" },
];

/** The three AI modes of the companion app. */
export const aiModes: AiMode[] = [
  {
    name: "Doubt Solver",
    description: "अपने पाठ्यक्रम से कोई भी प्रश्न पूछें और चरण-दर-चरण साफ़ व्याख्या पाएँ।",
  },
  {
    name: "Teach Back",
    description: "किसी टॉपिक को अपने शब्दों में समझाएँ। AI बताएगा कि आपने क्या सही समझाया और क्या छूट गया।",
  },
  {
    name: "Analogy Mode",
    description: "कठिन बातों को रोज़मर्रा के उदाहरणों से समझाया जाता है, ताकि उन्हें समझना और याद रखना आसान हो।",
  },
];

/** What the companion app offers, in the order the pages show it. */
export const appFeatures: AppFeature[] = [
  {
    title: "AI से पढ़ाई में मदद",
    description:
      "तीन AI मोड (Doubt Solver, Teach Back और Analogy Mode) आपको टॉपिक रटने के बजाय उसे समझने में मदद करते हैं।",
  },
  {
    title: "XP और स्ट्रीक",
    description: "हर पाठ, क्विज़ और टेस्ट पर XP कमाएँ। रोज़ की स्ट्रीक बनाए रखें, ताकि पढ़ाई की पक्की आदत बने।",
  },
  {
    title: "लीडरबोर्ड और हर महीने इनाम",
    description:
      "देखें कि दूसरे विद्यार्थियों के मुक़ाबले आपकी रैंक क्या है। लीडरबोर्ड पर सबसे ऊपर के 3 विद्यार्थी हर महीने इनाम जीतते हैं।",
  },
  {
    title: "पॉइंट्स के बदले उपहार",
    description: "पढ़ाई करते हुए जो पॉइंट्स आप कमाते हैं, उनके बदले उपहार ले सकते हैं।",
  },
  {
    title: "प्रगति पर नज़र",
    description: "देखें कि आपने कौन-से अध्याय पूरे कर लिए हैं, आप किन टॉपिक में मज़बूत हैं और किन पर अभी और मेहनत चाहिए।",
  },
  {
    title: "मॉक टेस्ट",
    description: "परीक्षा जैसे मॉक टेस्ट से अभ्यास करें और असली परीक्षा से पहले जानें कि आपकी तैयारी कितनी है।",
  },
];

/** Where the companion app can be used. */
export const appPlatforms: AppPlatform[] = [
  {
    name: "मोबाइल App",
    description: "घर पर हों या स्कूल जाते हुए रास्ते में, अपने फ़ोन पर पढ़ें।",
  },
  {
    name: "वेब डैशबोर्ड",
    description: "लैपटॉप या डेस्कटॉप कंप्यूटर के ब्राउज़र में डैशबोर्ड खोलें।",
  },
];

/** Subtitle under 'Class {grade} Resources' on each class page. */
export const gradeSubtitles: Record<Grade, string> = {
  9: "मज़बूत नींव बनाएँ: कक्षा 9 के हर अध्याय के Notes, प्रश्न और लेक्चर।",
  10: "आपका बोर्ड परीक्षा का साल: कक्षा 10 के अध्यायवार Notes, महत्वपूर्ण प्रश्न और लेक्चर।",
  11: "साफ़ अवधारणाओं के साथ अपनी स्ट्रीम की शुरुआत करें: कक्षा 11 के हर अध्याय के संसाधन।",
  12: "बोर्ड परीक्षा और प्रवेश परीक्षाओं की तैयारी, कक्षा 12 के लिए अध्याय-दर-अध्याय।",
};
