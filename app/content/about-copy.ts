/**
 * Copy of the About page (/about), section by section, in page order.
 */

import type { PageMeta } from "#app/content/home-copy.ts";
import { appFigures, type Stat } from "#app/content/site-copy.ts";

export type AboutHero = {
  heading: string;
  subheading: string;
};

export type MissionBlock = {
  title: string;
  text: string;
};

export type AboutFeature = {
  title: string;
  description: string;
};

export type CoreValue = {
  title: string;
  description: string;
};

export type CommitmentSection = {
  heading: string;
  paragraphs: string[];
  points: string[];
};

export type AboutCallToAction = {
  heading: string;
  text: string;
  /** Opens the companion app site in a new tab. */
  appButton: string;
  /** Goes to the Home page and scrolls to the classes section. */
  classesButton: string;
};

export type AboutCopy = {
  meta: PageMeta;
  hero: AboutHero;
  mission: MissionBlock;
  vision: MissionBlock;
  features: { heading: string; items: AboutFeature[] };
  impact: { heading: string; stats: Stat[] };
  values: { heading: string; items: CoreValue[] };
  commitment: CommitmentSection;
  cta: AboutCallToAction;
};

export function aboutCopy(siteName: string): AboutCopy {
  return {
    meta: {
      title: "About Us",
      description: `${siteName} is a free website that organises notes, questions and video lectures for CBSE classes 9 to 12 by subject and chapter, with study guides and a companion learning app.`,
    },

    hero: {
      heading: `About ${siteName}`,
      subheading:
        "Free, well-organised study resources for CBSE students of classes 9 to 12, so that finding good material is never the hard part.",
    },

    mission: {
      title: "Our Mission",
      text: "To make good study material easy to find for every CBSE student, wherever they live and whatever their budget. We organise notes, practice questions and video lectures by class, subject and chapter, so you can open a chapter and start learning straight away.",
    },

    vision: {
      title: "Our Vision",
      text: "A country where no student falls behind because they could not find or afford the right resources, and where studying feels rewarding rather than stressful.",
    },

    features: {
      heading: "What We Offer",
      items: [
        {
          title: "Chapter-wise Resources",
          description:
            "Notes, important questions and video lectures for each chapter, grouped by class and subject.",
        },
        {
          title: "Curated from Trusted Sources",
          description:
            "Our team picks useful material from educational websites and channels, and every link goes to the original creator.",
        },
        {
          title: "Study Guides for Every Class",
          description:
            "Guides for classes 9 to 12 with the exam pattern, a month-by-month plan, and tips for each key subject.",
        },
        {
          title: "Free, No Sign-up",
          description:
            "Every page is free and open. No account, no login and no personal details needed. It works well on any phone.",
        },
        {
          title: "AI Help in the App",
          description: "The companion app offers three AI modes: Doubt Solver, Teach Back and Analogy Mode.",
        },
        {
          title: "Rewards for Learning",
          description:
            "In the app, earn XP, keep streaks, climb leaderboards with monthly prizes for the top 3, and redeem points for gifts.",
        },
      ],
    },

    impact: {
      heading: "Our Impact",
      stats: [...appFigures, { value: "24/7", label: "Access" }],
    },

    values: {
      heading: "Our Core Values",
      items: [
        {
          title: "Quality Education",
          description:
            "We choose material that is clear, accurate and matched to the CBSE syllabus, and we remove what is not.",
        },
        {
          title: "Accessibility",
          description:
            "Free for everyone, with no sign-up, and fast on low-cost phones and slow connections.",
        },
        {
          title: "Innovation",
          description:
            "From AI study help to rewards for steady effort, we look for new ways to make studying work better.",
        },
        {
          title: "Student Success",
          description:
            "Everything we add is judged by one question: does it help a student understand more and do better in exams?",
        },
      ],
    },

    commitment: {
      heading: "Our Commitment to Students",
      paragraphs: [
        "We keep this website free and open to every student. You will never need an account to study here, and we do not collect personal data from students.",
        "We respect the people who create educational content. When we list a resource from another website, we link to the original rather than copying it, and we remove a link if its owner asks us to.",
      ],
      points: [
        "Follow the current CBSE syllabus and NCERT textbooks",
        "Review and update resources through the school year",
        "Fix broken or wrong links as soon as we learn about them",
        "Keep the website fast, simple and free",
      ],
    },

    cta: {
      heading: "Ready to Start Learning?",
      text: "Pick your class and open your first chapter, or get the companion app for AI help, rewards and mock tests.",
      appButton: "Get the App",
      classesButton: "Explore Classes",
    },
  };
}
