/**
 * Marketing constants shared by several pages (stats strip, About, app
 * promotions, class page subtitles). The figures are copy from the product
 * spec, not computed from the database.
 */

import type { Grade } from "#app/lib/grades.ts";

export type Stat = {
  value: string;
  label: string;
};

export type AiMode = {
  name: string;
  description: string;
};

export type AppFeature = {
  title: string;
  description: string;
};

export type AppPlatform = {
  name: string;
  description: string;
};

/** The stats strip on the Home page. */
export const stats: Stat[] = [
  { value: "50,000+", label: "Students" },
  { value: "500+", label: "Resources" },
  { value: "95%", label: "Success Rate" },
  { value: "24/7", label: "Support" },
];

/** Figures of the companion app. */
export const appFigures: Stat[] = [
  { value: "120+", label: "Video Lectures" },
  { value: "70+", label: "Study Notes" },
  { value: "3", label: "AI Modes" },
];

/** The three AI modes of the companion app. */
export const aiModes: AiMode[] = [
  {
    name: "Doubt Solver",
    description: "Ask any question from your syllabus and get a clear, step-by-step explanation.",
  },
  {
    name: "Teach Back",
    description:
      "Explain a topic in your own words and the AI tells you what you got right and what you missed.",
  },
  {
    name: "Analogy Mode",
    description:
      "Difficult ideas explained through everyday comparisons, so they are easier to understand and remember.",
  },
];

/** What the companion app offers, in the order the pages show it. */
export const appFeatures: AppFeature[] = [
  {
    title: "AI Study Help",
    description:
      "Three AI modes (Doubt Solver, Teach Back and Analogy Mode) help you understand a topic instead of just memorising it.",
  },
  {
    title: "XP and Streaks",
    description:
      "Earn XP for every lesson, quiz and test, and keep your daily streak going to build a steady study habit.",
  },
  {
    title: "Leaderboards with Monthly Prizes",
    description:
      "See how you rank against other students. The top 3 on the leaderboard win prizes every month.",
  },
  {
    title: "Points for Gifts",
    description: "The points you earn while studying can be redeemed for gifts.",
  },
  {
    title: "Progress Tracking",
    description:
      "See which chapters you have finished, where you are strong and which topics need more work.",
  },
  {
    title: "Mock Tests",
    description: "Practise with exam-style mock tests and find out how ready you are before the real exam.",
  },
];

/** Where the companion app can be used. */
export const appPlatforms: AppPlatform[] = [
  {
    name: "Mobile App",
    description: "Study on your phone, at home or on the way to school.",
  },
  {
    name: "Web Dashboard",
    description: "Open the dashboard in a browser on a laptop or desktop computer.",
  },
];

/** Subtitle under 'Class {grade} Resources' on each class page. */
export const gradeSubtitles: Record<Grade, string> = {
  9: "Build strong foundations: notes, questions and lectures for every chapter of Class 9.",
  10: "Your board exam year: chapter-wise notes, important questions and lectures for Class 10.",
  11: "Start your stream with clear concepts: resources for every Class 11 chapter.",
  12: "Board exam and entrance preparation, organised chapter by chapter for Class 12.",
};
