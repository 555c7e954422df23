/**
 * Hindi twin of app/content/guide-page-copy.ts: the fixed words of a study guide page (/guide/N)
 * around its guide's own text: headings, labels and link names.
 */

import type { GuidePageCopy } from "#app/content/guide-page-copy.ts";

export const guidePageCopy: GuidePageCopy = {
  meta: {
    title: (guideTitle) => `${guideTitle}: परीक्षा पैटर्न, समय-रेखा और टिप्स`,
    description: (subtitle, examType, examDates, grade) =>
      `${subtitle}। ${examType}, ${examDates}: CBSE कक्षा ${grade} के लिए 80 अंकों का परीक्षा पैटर्न, महीने-दर-महीने की योजना और विषयवार रणनीति।`,
    keywords: (grade) => [`कक्षा ${grade} अध्ययन गाइड`, `CBSE कक्षा ${grade}`, `कक्षा ${grade} परीक्षा पैटर्न`],
    educationalLevel: (grade) => `कक्षा ${grade}`,
  },
  home: "होम",
  studyGuides: "अध्ययन गाइड",
  badge: (grade, examType) => `कक्षा ${grade} · ${examType}`,
  facts: {
    examType: "परीक्षा का प्रकार",
    examDates: "परीक्षा की तारीखें",
    difficulty: "कठिनाई",
    importance: "महत्व",
  },
  keySubjects: "मुख्य विषय",
  tipsHeading: (grade) => `कक्षा ${grade} के लिए खास सुझाव`,
  strategiesHeading: "पढ़ाई की रणनीतियाँ",
  pattern: {
    heading: "परीक्षा का ढाँचा",
    duration: "समय",
    totalMarks: "कुल अंक",
    passingMarks: "उत्तीर्ण अंक",
    sections: "खंड",
    marks: (marks) => `${marks} अंक`,
  },
  timelineHeading: "तैयारी की समय-रेखा",
  examPreparation: "परीक्षा की तैयारी",
  nextSteps: "आगे क्या करें",
  otherGuides: "दूसरी अध्ययन गाइड",
  otherGuide: (grade) => `कक्षा ${grade} की गाइड`,
};
