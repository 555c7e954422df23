/** Hindi twin of app/content/saved-page-copy.ts: the words of /hi/saved. */
import type { SavedPageCopy } from "#app/content/saved-page-copy.ts";

export const savedPageCopy: SavedPageCopy = {
  meta: {
    title: "ऑफ़लाइन के लिए सेव",
    description: "इस फ़ोन पर सेव किए गए अध्याय, जिन्हें बिना इंटरनेट के पढ़ा जा सकता है।",
  },
  heading: "ऑफ़लाइन के लिए सेव",
  intro:
    "जो अध्याय आप सेव करते हैं, वे इस फ़ोन पर बिना इंटरनेट के भी खुलते हैं। किसी अध्याय को यहाँ रखने के लिए उसके पेज पर “ऑफ़लाइन के लिए सेव करें” दबाएँ।",
  needsScript: "अध्याय ऑफ़लाइन सेव करने के लिए JavaScript और ऐसा ब्राउज़र चाहिए जो पेज रख सके, जैसे Android पर Chrome।",
  loading: "सेव किए गए अध्याय खोजे जा रहे हैं…",
  none: "इस फ़ोन पर अभी कोई अध्याय सेव नहीं है।",
  findChapter: "अध्याय खोजें",
  listLabel: "सेव किए गए अध्याय",
  classAndSubject: (grade: number, subject: string) => `कक्षा ${grade} · ${subject}`,
  remove: "ऑफ़लाइन से हटाएँ",
  keeps: (most: number) => `यह फ़ोन ज़्यादा से ज़्यादा ${most} अध्याय रखता है।`,
  persisted: "आपका ब्राउज़र इन्हें तब तक रखेगा जब तक आप इन्हें हटा न दें।",
  mayClear: "फ़ोन में जगह कम होने पर ब्राउज़र इन्हें हटा सकता है।",
  used: (megabytes: string) => `सेव किए गए पेज इस फ़ोन की ${megabytes} MB जगह ले रहे हैं।`,
};
