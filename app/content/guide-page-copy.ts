/**
 * The fixed words of a study guide page (/guide/N) around its guide's own text (./guides.ts):
 * headings, labels and link names, so the page can get a Hindi twin.
 */

export type GuidePageCopy = {
  meta: {
    title: (guideTitle: string) => string;
    description: (subtitle: string, examType: string, examDates: string, grade: number) => string;
    keywords: (grade: number) => string[];
    educationalLevel: (grade: number) => string;
  };
  home: string;
  studyGuides: string;
  /** The badge over the heading: "Class 10 · Board Exam". */
  badge: (grade: number, examType: string) => string;
  facts: { examType: string; examDates: string; difficulty: string; importance: string };
  keySubjects: string;
  tipsHeading: (grade: number) => string;
  strategiesHeading: string;
  pattern: {
    heading: string;
    duration: string;
    totalMarks: string;
    passingMarks: string;
    sections: string;
    marks: (marks: number) => string;
  };
  timelineHeading: string;
  examPreparation: string;
  nextSteps: string;
  otherGuides: string;
  otherGuide: (grade: number) => string;
};

export const guidePageCopy: GuidePageCopy = {
  meta: {
    title: (guideTitle) => `${guideTitle}: Exam Pattern, Timeline and Tips`,
    description: (subtitle, examType, examDates, grade) =>
      `${subtitle}. ${examType} in ${examDates}: the 80-mark exam pattern, a month-by-month plan and subject-wise strategy for CBSE Class ${grade}.`,
    keywords: (grade) => [`class ${grade} study guide`, `CBSE class ${grade}`, `class ${grade} exam pattern`],
    educationalLevel: (grade) => `Class ${grade}`,
  },
  home: "Home",
  studyGuides: "Study Guides",
  badge: (grade, examType) => `Class ${grade} · ${examType}`,
  facts: {
    examType: "Exam Type",
    examDates: "Exam Dates",
    difficulty: "Difficulty",
    importance: "Importance",
  },
  keySubjects: "Key Subjects",
  tipsHeading: (grade) => `Top Tips for Class ${grade}`,
  strategiesHeading: "Study Strategies",
  pattern: {
    heading: "Exam Pattern",
    duration: "Duration",
    totalMarks: "Total Marks",
    passingMarks: "Passing Marks",
    sections: "Sections",
    marks: (marks) => `${marks} marks`,
  },
  timelineHeading: "Preparation Timeline",
  examPreparation: "Exam preparation",
  nextSteps: "Next steps",
  otherGuides: "Other study guides",
  otherGuide: (grade) => `Class ${grade} guide`,
};
