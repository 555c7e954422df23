/**
 * Copy of the Home page (/), section by section, in page order.
 * The stats strip uses `stats` from ./site.
 */

import { type AppFeature, appFeatures } from "#app/content/site-copy.ts";
import type { Grade } from "#app/lib/grades.ts";

export type PageMeta = {
  /** The page's own words; the site's name is added after them (app/lib/seo.ts). */
  title: string;
  description: string;
};

export type HomeHero = {
  badge: string;
  heading: string;
  subheading: string;
  /** Scrolls to the 'Choose Your Class' section. */
  exploreButton: string;
  /** Opens the companion app site. */
  rewardsButton: string;
  /** The drawing of a chapter card beside the heading (decoration, hidden from screen readers). */
  preview: { tag: string; badge: string; title: string; rows: Array<{ label: string; detail: string }> };
};

export type ClassCard = {
  grade: Grade;
  title: string;
  description: string;
  subjects: string[];
};

export type HomeClassesSection = {
  eyebrow: string;
  heading: string;
  intro: string;
  /** Label of the link on each card to /class/{grade}. */
  cardButton: string;
  /** Completes the card's link for screen readers ("View Resources for Class 9"). */
  cardButtonFor: (classTitle: string) => string;
  /** Names a card's list of subjects. */
  subjectsLabel: (classTitle: string) => string;
  cards: ClassCard[];
};

export type HomeAppSection = {
  eyebrow: string;
  heading: string;
  intro: string;
  features: AppFeature[];
  platformsNote: string;
  button: string;
};

export type HowItWorksStep = {
  title: string;
  description: string;
};

export type HowItWorksSection = {
  eyebrow: string;
  heading: string;
  /** Read before each step's number. */
  stepLabel: string;
  steps: HowItWorksStep[];
};

export type SyllabusCard = {
  title: string;
  description: string;
  points: string[];
};

export type SyllabusSection = {
  eyebrow: string;
  heading: string;
  intro: string;
  cards: SyllabusCard[];
};

export type FaqItem = {
  question: string;
  answer: string;
};

export type FaqSection = {
  heading: string;
  items: FaqItem[];
};

export type StudyTip = {
  title: string;
  description: string;
};

export type StudyTipsSection = {
  eyebrow: string;
  heading: string;
  intro: string;
  tips: StudyTip[];
};

export type HomeCopy = {
  meta: PageMeta;
  hero: HomeHero;
  /** Names the list of figures under the hero. */
  statsLabel: string;
  classes: HomeClassesSection;
  app: HomeAppSection;
  howItWorks: HowItWorksSection;
  syllabus: SyllabusSection;
  faq: FaqSection;
  studyTips: StudyTipsSection;
};

export function homeCopy(siteName: string): HomeCopy {
  return {
    meta: {
      title: "Free CBSE Notes, Questions and Lectures for Classes 9-12",
      description: `${siteName} gathers chapter-wise notes, important questions and video lectures for CBSE classes 9, 10, 11 and 12, with study guides for every class. Free, no sign-up.`,
    },

    hero: {
      badge: "Free for every student. No sign-up needed.",
      heading: "Every Chapter. Every Subject. One Place.",
      subheading: `${siteName} brings together notes, important questions and video lectures for CBSE classes 9 to 12, organised chapter by chapter, so you spend less time searching and more time learning.`,
      exploreButton: "Explore Classes",
      rewardsButton: "Get Rewards",
      preview: {
        tag: "Class 10 · Science",
        badge: "Chapter",
        title: "Chemical Reactions and Equations",
        rows: [
          { label: "Notes", detail: "Short notes and summaries" },
          { label: "Questions", detail: "Important and practice questions" },
          { label: "Lectures", detail: "Hand-picked video lessons" },
        ],
      },
    },

    statsLabel: "Our figures",

    classes: {
      eyebrow: "Classes 9 to 12",
      heading: "Choose Your Class",
      intro: "Pick your class to see its subjects and chapters.",
      cardButton: "View Resources",
      cardButtonFor: (classTitle) => `for ${classTitle}`,
      subjectsLabel: (classTitle) => `${classTitle} subjects`,
      cards: [
        {
          grade: 9,
          title: "Class 9",
          description: "Build strong basics in every subject before your board years begin.",
          subjects: ["Mathematics", "Science", "Social Science", "English"],
        },
        {
          grade: 10,
          title: "Class 10",
          description: "Prepare for your first CBSE board exam with chapter-wise notes and practice.",
          subjects: ["Mathematics", "Science", "Social Science", "English"],
        },
        {
          grade: 11,
          title: "Class 11",
          description: "Start your stream with clear concepts in science, commerce or humanities.",
          subjects: ["Physics", "Chemistry", "Mathematics", "Accountancy"],
        },
        {
          grade: 12,
          title: "Class 12",
          description: "Revise for the boards and build the base for JEE, NEET and CUET.",
          subjects: ["Physics", "Chemistry", "Biology", "Economics"],
        },
      ],
    },

    app: {
      eyebrow: "Companion App",
      heading: "Take Your Learning Further with Our App",
      intro:
        "This website gives you free study material. Our companion app adds AI help, rewards for studying, progress tracking and mock tests, so you can practise what you read here.",
      features: appFeatures,
      platformsNote: "Available as a mobile app and a web dashboard.",
      button: "Get the App",
    },

    howItWorks: {
      eyebrow: "3 simple steps",
      heading: "How It Works",
      stepLabel: "Step",
      steps: [
        {
          title: "Choose your class",
          description: "Pick Class 9, 10, 11 or 12, then select a subject from the list.",
        },
        {
          title: "Open a chapter",
          description:
            "Each chapter has short notes and hand-picked links to more notes, practice questions and video lectures.",
        },
        {
          title: "Practise and revise",
          description:
            "Work through the questions, plan your revision with the study guide for your class, and use the app for AI help and mock tests.",
        },
      ],
    },

    syllabus: {
      eyebrow: "CBSE and NCERT",
      heading: "Aligned with the CBSE Syllabus",
      intro:
        "Chapters follow the NCERT textbooks prescribed by CBSE. CBSE publishes each year's curriculum on cbseacademic.nic.in, and chapters are sometimes added or dropped, so always check the current syllabus with your teacher.",
      cards: [
        {
          title: "Classes 9-10",
          description:
            "The secondary stage: the core subjects every CBSE student studies, leading up to the Class 10 board exam.",
          points: [
            "Mathematics, Science and Social Science",
            "English and Hindi",
            "Chapters in the order of the NCERT textbooks",
            "Class 10 material geared to the board exam pattern",
          ],
        },
        {
          title: "Classes 11-12",
          description:
            "The senior secondary stage: the main subjects of the Science, Commerce and Humanities streams, leading up to the Class 12 board exam.",
          points: [
            "Physics, Chemistry, Mathematics and Biology",
            "Accountancy, Business Studies and Economics",
            "English Core",
            "Useful groundwork for JEE, NEET and CUET",
          ],
        },
      ],
    },

    faq: {
      heading: "Frequently Asked Questions",
      items: [
        {
          question: `Is ${siteName} free?`,
          answer: `Yes. Everything on the ${siteName} website is free to use. There are no fees, no subscription and nothing to unlock.`,
        },
        {
          question: "Do I need to create an account or log in?",
          answer:
            "No. Students do not need an account. Open your class, pick a subject and start studying. We do not ask for your name, e-mail or phone number.",
        },
        {
          question: "Where do the notes, questions and lectures come from?",
          answer: `Most resources are links to other educational websites and video channels, picked and organised by our content team. That content belongs to its creators, and we always link to the original. Some chapters also have short notes written by the ${siteName} team.`,
        },
        {
          question: "Which boards and classes does it cover?",
          answer:
            "We follow the CBSE syllabus and NCERT textbooks for classes 9, 10, 11 and 12. Students of state boards that use NCERT textbooks may find it useful too. Subjects are added class by class, and each class page lists what is available now.",
        },
        {
          question: "Do I need the companion app to use the website?",
          answer:
            "No. The website works on its own. The companion app is optional: it adds AI doubt solving, rewards for studying, progress tracking and mock tests for students who want more.",
        },
        {
          question: "What if a link is broken or something looks wrong?",
          answer:
            "The links lead to other websites, which can change or remove their pages. Our team reviews and updates the material, but mistakes can slip through. Always check important facts against your NCERT textbook and the official CBSE syllabus, and tell us about a broken link through our social pages.",
        },
      ],
    },

    studyTips: {
      eyebrow: "Study smarter",
      heading: "Study Tips That Work",
      intro: "Simple habits that make a real difference, whichever class you are in.",
      tips: [
        {
          title: "Make NCERT your base",
          description:
            "CBSE exam questions are based on NCERT textbooks. Finish every chapter, example and exercise there before moving to other books.",
        },
        {
          title: "Study a little every day",
          description:
            "Two focused hours daily beat one long session at the weekend. Fix a time and place, and keep to it.",
        },
        {
          title: "Test yourself, do not just re-read",
          description:
            "Close the book and write down or explain what you just learned. Recalling from memory makes it stick far better than reading again.",
        },
        {
          title: "Space out your revision",
          description:
            "Revise a chapter the next day, a week later and a month later. Short, spaced reviews beat last-minute cramming.",
        },
        {
          title: "Keep an error notebook",
          description:
            "Write down every mistake from tests and homework with the correct method, and read it before each exam.",
        },
        {
          title: "Sleep, eat and move",
          description:
            "About eight hours of sleep, proper meals and a little exercise keep your memory and focus sharp, especially near exams.",
        },
      ],
    },
  };
}
