/**
 * The study guides' fixed words (/guide/9 to /guide/12): the sections every guide page shows after
 * the class's own record, and the strategy for each key subject.
 *
 * The record of each class (title, exam dates, tips, exam pattern, timeline…) is content now, saved
 * in the database and edited on /admin/guides (app/server/guides/, docs/decisions/0026). `guides`
 * below is the spec's record, what a new database starts from (migration 0026): tests compare the
 * seeded guides and the page with it.
 */

import type { Grade } from "#app/lib/grades.ts";
import type { Guide } from "#app/lib/guide-record.ts";
import { ENGLISH } from "#migrations/0026-guide-texts.ts";

export type {
  ExamPattern,
  ExamSection,
  Guide,
  GuideIcon,
  GuideTip,
  TimelinePhase,
} from "#app/lib/guide-record.ts";

/** The spec's guide record of each class: what every database starts from. */
export const guides = ENGLISH as Record<Grade, Guide>;

/** Strategy text for one key subject of a class. */
export type SubjectStrategy = {
  subject: string;
  strategy: string;
};

export type GuideListSection = {
  heading: string;
  items: string[];
};

export type GuideAppCallToAction = {
  heading: string;
  text: string;
  points: string[];
  /** Opens the companion app's store listing. */
  buttonLabel: string;
};

/** The fixed sections shown on every guide page, after the grade's own record. */
export type GuideCommonSections = {
  subjectStrategiesHeading: string;
  /** Explains how the 80-mark pattern fits the whole subject. */
  examPatternNote: string;
  quickTips: GuideListSection;
  appCta: GuideAppCallToAction;
  preExam: GuideListSection;
  lastMonth: GuideListSection;
  successTips: GuideListSection;
  thingsToAvoid: GuideListSection;
  /** Links to /class/{grade}. */
  resourcesButton: string;
  /** Links to /. */
  homeButton: string;
};

/** Strategy text for each key subject of a class, in the order of `keySubjects`. */
export const subjectStrategies: Record<Grade, SubjectStrategy[]> = {
  9: [
    {
      subject: "Mathematics",
      strategy:
        "Solve every NCERT exercise yourself before you look at a solution, and practise for at least 30 minutes every day. Algebra and geometry from Class 9 are used all through Class 10, so learn to write proofs step by step and keep a page of formulas and theorems.",
    },
    {
      subject: "Science",
      strategy:
        "Treat physics, chemistry and biology as three parts. In physics, learn each formula with its units and practise numericals. In chemistry, learn symbols, formulas and how to write them correctly. In biology, draw and label diagrams until you can do them from memory. Read the activities in NCERT carefully, as questions are often based on them.",
    },
    {
      subject: "Social Science",
      strategy:
        "Make timelines for history, practise map work for history and geography, and learn key terms in political science and economics with one example each. Write longer answers in points, with a one-line introduction and conclusion.",
    },
    {
      subject: "English",
      strategy:
        "Read each textbook chapter and note its theme, characters and message. Do a short grammar exercise every day, and write one piece a week (a paragraph, diary entry or story) and ask your teacher to check it.",
    },
    {
      subject: "Hindi",
      strategy:
        "Read each lesson and poem aloud and learn the meanings of new words. Practise grammar (vyakaran) every week, and write letters, notices and short essays in the correct format. Correct spelling and neat handwriting earn marks.",
    },
  ],
  10: [
    {
      subject: "Mathematics",
      strategy:
        "CBSE offers Mathematics Standard and Mathematics Basic. To take Mathematics in Class 11 you normally need Standard, so check with your school before choosing Basic. Solve all NCERT examples and exercises, then the CBSE sample paper, and write every step: the board gives step marks even when the final answer is wrong.",
    },
    {
      subject: "Science",
      strategy:
        "Write balanced chemical equations, draw neat labelled diagrams (ray diagrams, circuits, organ systems) and always give units in numericals. The paper has many assertion-reason and case-based questions, so practise them from the sample papers.",
    },
    {
      subject: "Social Science",
      strategy:
        "Learn the map items listed in the CBSE syllabus: map questions are easy marks. Use flowcharts and timelines for history, and learn key terms with examples for economics and political science. Write long answers in points under short headings, and keep to the word limit.",
    },
    {
      subject: "English",
      strategy:
        "Practise the writing formats, such as the formal letter and the analytical paragraph, until they are automatic, and revise grammar with short daily exercises. For literature, know the theme, characters and message of every chapter and poem, and support answers with brief references to the text.",
    },
    {
      subject: "Hindi",
      strategy:
        "Practise unseen passages and poems (apathit gadyansh and kavyansh), grammar, and writing tasks such as letters and short compositions in the correct format. For the textbook, know the writer or poet, the central idea and the key lines of each lesson.",
    },
  ],
  11: [
    {
      subject: "Physics",
      strategy:
        "Class 11 physics needs maths: vectors, graphs and basic calculus appear early. Understand each derivation instead of memorising it, solve NCERT exercises and then NCERT Exemplar problems, and draw a free-body diagram for every mechanics question.",
    },
    {
      subject: "Chemistry",
      strategy:
        "Split it into three parts. Physical chemistry is numericals, so practise daily. Organic chemistry needs naming rules and reaction mechanisms written out many times. Inorganic chemistry is NCERT facts, so read the text closely and make summary tables. The mole concept and chemical bonding are the base for Class 12.",
    },
    {
      subject: "Mathematics",
      strategy:
        "The jump from Class 10 is big. Practise every day, learn the standard results of each chapter, and redo every question you got wrong a week later. Algebra, coordinate geometry and calculus from Class 11 are used throughout Class 12.",
    },
    {
      subject: "Biology",
      strategy:
        "Biology is NCERT-based. Read every line, including diagram labels and tables, draw diagrams again and again, and make flowcharts for processes such as cell division, photosynthesis and respiration. Learn scientific terms with the correct spelling.",
    },
    {
      subject: "Accountancy",
      strategy:
        "Accountancy is learned by doing. Practise journal entries, ledger accounts and the trial balance until they are second nature, because everything in Class 12 builds on them. Keep your formats neat and show working notes.",
    },
    {
      subject: "Business Studies",
      strategy:
        "Learn each concept with one real-life example, and write answers in points with headings. In case-based questions, quote the line from the case that supports your answer before you explain it.",
    },
    {
      subject: "Economics",
      strategy:
        "Class 11 economics has two parts: statistics and microeconomics. Practise the statistics calculations regularly. In microeconomics, draw and label every diagram, such as demand, supply and cost curves, and explain what it shows in words.",
    },
    {
      subject: "English Core",
      strategy:
        "Read newspapers, stories and articles regularly to build reading speed and vocabulary. Practise writing tasks in the prescribed formats, and for literature know the theme, characters and key lines of each piece.",
    },
  ],
  12: [
    {
      subject: "Physics",
      strategy:
        "Practise derivations and numericals from every unit, draw neat ray and circuit diagrams, and solve past board papers to learn the standard question types. Keep your practical file and viva preparation up to date, as practicals carry 30 marks.",
    },
    {
      subject: "Chemistry",
      strategy:
        "Physical chemistry numericals (solutions, electrochemistry, kinetics) need daily practice. Organic chemistry needs named reactions and conversions written out many times. Inorganic chemistry is mostly NCERT facts, so read the text closely and make summary tables.",
    },
    {
      subject: "Mathematics",
      strategy:
        "Calculus carries the largest share of marks, so practise integration and differential equations daily. Learn the standard methods for matrices, determinants, vectors and 3D geometry, and present every step neatly: the board gives step marks. Linear programming and probability are scoring with practice.",
    },
    {
      subject: "Biology",
      strategy:
        "Reproduction, genetics, biotechnology and ecology come straight from NCERT. Read every line and diagram, practise labelled diagrams and flowcharts, and learn key terms exactly. The same NCERT text is the base for NEET.",
    },
    {
      subject: "Accountancy",
      strategy:
        "Partnership accounts and company accounts (shares and debentures) carry big marks, so practise complete questions in proper formats with working notes. For the analysis of financial statements, practise ratios and cash flow statements until the steps are automatic.",
    },
    {
      subject: "Business Studies",
      strategy:
        "Learn the principles and functions of management, and the marketing and finance topics, with examples. In case-based questions, underline the clue in the case, name the concept, then explain it. Write in points with headings.",
    },
    {
      subject: "Economics",
      strategy:
        "Macroeconomics needs formulas, numericals on national income and money, and neat diagrams. Indian Economic Development needs facts, data and examples from the NCERT book. Practise both parts with past board papers.",
    },
    {
      subject: "English Core",
      strategy:
        "Practise reading comprehension under a time limit, learn the formats of every writing task in the syllabus, and know the theme, characters and message of each literature piece. Support answers with short references to the text.",
    },
  ],
};

/** The fixed sections every guide page shows. */
export const guideCommon: GuideCommonSections = {
  subjectStrategiesHeading: "Subject-wise Strategy",
  examPatternNote:
    "This is the common pattern of an 80-mark CBSE theory paper. In most subjects the other 20 marks come from internal assessment, projects or practicals; subjects with a large practical part, such as physics, chemistry and biology in Classes 11 and 12, have a 70-mark theory paper and 30 marks of practicals. To pass you need at least 33% in each subject (in Class 12 practical subjects, in theory and practical separately). Sections differ from subject to subject, so check the latest sample paper for each subject on cbseacademic.nic.in.",
  quickTips: {
    heading: "Quick Study Tips",
    items: [
      "Study in blocks of 45-50 minutes with a 10-minute break.",
      "Go over what was taught in class the same evening, even for 15 minutes.",
      "Keep your phone in another room while you study.",
      "Teach a topic to a friend or family member to check you really understand it.",
      "Write formulas, dates and definitions on small cards and revise them on the go.",
      "Plan on Sunday which chapters you will finish that week.",
    ],
  },
  appCta: {
    heading: "Study Smarter with Our Companion App",
    text: "Practise what you read here with AI help, rewards and mock tests. Available as a mobile app and a web dashboard.",
    points: [
      "Three AI modes: Doubt Solver, Teach Back and Analogy Mode",
      "Earn XP, keep streaks and redeem points for gifts",
      "Monthly prizes for the top 3 on the leaderboard",
      "Progress tracking and mock tests",
    ],
    buttonLabel: "Get the App",
  },
  preExam: {
    heading: "Before the Exam",
    items: [
      "Check the date sheet, your exam centre and the reporting time (on your admit card for board exams).",
      "Pack your bag the night before: admit card or roll number slip, school ID, blue pens, pencil, eraser, ruler, geometry box and a transparent water bottle. Follow the list of allowed items exactly.",
      "Do a light revision of formulas, key terms and diagrams. Do not start new topics.",
      "Sleep well the night before: a rested brain recalls more than an extra hour of study.",
      "Eat a light breakfast and reach the centre early.",
      "Use the reading time to read the whole paper and plan which questions to attempt first.",
      "Attempt every question you can, and keep the last few minutes to check your answers.",
    ],
  },
  lastMonth: {
    heading: "Last Month Preparation",
    items: [
      "Do not start new chapters now: this month is for revision.",
      "Solve at least two or three full sample papers per subject under exam time.",
      "Revise from your own short notes, formula sheets and error notebook.",
      "Go over map work, diagrams, derivations and writing formats: they are easy marks.",
      "Plan your revision around the date sheet, with more days for harder subjects.",
      "Wake up and sleep at the same times every day, matching exam-day timings.",
    ],
  },
  successTips: {
    heading: "Success Tips",
    items: [
      "Consistency beats intensity: a little every day adds up.",
      "Understand first, then memorise.",
      "Practise under exam conditions, with a timer and no book.",
      "Review every test and learn from each mistake.",
      "Ask for help early, from teachers, friends or family.",
      "Look after your body: sleep, food and some exercise every day.",
    ],
  },
  thingsToAvoid: {
    heading: "Things to Avoid",
    items: [
      "Leaving all the revision for the last few weeks.",
      "Staying up all night before an exam.",
      "Collecting many reference books instead of finishing NCERT.",
      "Skipping steps, units, diagrams or formats in your answers.",
      "Comparing your marks and preparation with others all the time.",
      "Scrolling on your phone during study time.",
      "Believing rumours about leaked papers: follow only official CBSE notices.",
    ],
  },
  resourcesButton: "View Study Resources",
  homeButton: "Back to Home",
};
