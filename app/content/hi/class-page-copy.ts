/** Hindi twin of app/content/class-page-copy.ts: the fixed words of a class page (/hi/class/N). */

import type { ClassPageCopy } from "#app/content/class-page-copy.ts";
import { formatCount } from "#app/lib/numbers.ts";

export const classPageCopy: ClassPageCopy = {
  meta: {
    title: (grade: number, subject: string | undefined) =>
      `कक्षा ${grade}${subject ? ` ${subject}` : ""} के संसाधन – Notes, प्रश्न और वीडियो लेक्चर`,
    description: (subtitle: string, grade: number, subject: string | undefined) =>
      `${subtitle} CBSE कक्षा ${grade} के ${subject ? `${subject} के ` : ""}अध्यायवार मुफ़्त Notes, महत्वपूर्ण प्रश्न और वीडियो लेक्चर।`,
    keywords: (grade: number, subject: string | undefined) => [
      `कक्षा ${grade} नोट्स`,
      `cbse class ${grade}`,
      `class ${grade} notes hindi`,
      ...(subject ? [`कक्षा ${grade} ${subject}`] : []),
      "अध्यायवार नोट्स",
      "महत्वपूर्ण प्रश्न",
    ],
  },
  home: "मुखपृष्ठ",
  classLabel: (grade: number) => `कक्षा ${grade}`,
  heading: (grade: number) => `कक्षा ${grade} के संसाधन`,
  findChapters: "अध्याय ढूँढें",
  /** The subject selector's label (tests find the selector by it). */
  subject: "विषय",
  searchLabel: "अध्याय खोजें",
  searchPlaceholder: "अध्याय खोजें...",
  showChapters: "अध्याय दिखाएँ",
  chaptersHeading: (subject: string | undefined) => (subject ? `${subject} के अध्याय` : "अध्याय"),
  chapterCount: (count: number) => `${formatCount(count)} अध्याय`,
  matchCount: (shown: number, all: number) =>
    `${formatCount(all)} में से ${formatCount(shown)} अध्याय ${shown === 1 ? "मेल खाता है" : "मेल खाते हैं"}`,
  chapterPages: "अध्यायों के पेज",
  empty: {
    heading: "कोई संसाधन उपलब्ध नहीं",
    text: (grade: number, subject: string | undefined) =>
      subject
        ? `कक्षा ${grade} - ${subject} के लिए कोई संसाधन नहीं मिला`
        : `कक्षा ${grade} के लिए कोई संसाधन नहीं मिला`,
    noMatch: (query: string) => `किसी भी अध्याय के नाम में “${query}” नहीं है।`,
    clear: "खोज हटाएँ",
    home: "मुखपृष्ठ पर लौटें",
  },
};
