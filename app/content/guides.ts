/**
 * The four study guides (/guide/9 to /guide/12): one static record per grade,
 * the spec's "static guide record", plus the sections every guide page shows.
 *
 * The exam year is not stored: show `examMonths` through
 * `examDatesLabel(grade, new Date())` from app/lib/exam-year.
 */

import { EXAM_MONTHS, type ExamMonths } from "#app/lib/exam-year.ts";
import type { Grade } from "#app/lib/grades.ts";

/** Keyword the UI maps to an inline SVG. */
export type GuideIcon =
  | "book"
  | "target"
  | "clock"
  | "brain"
  | "chart"
  | "pencil"
  | "check"
  | "star"
  | "calendar"
  | "lightbulb";

export type GuideTip = {
  title: string;
  description: string;
  icon: GuideIcon;
};

export type ExamSection = {
  name: string;
  marks: number;
};

export type ExamPattern = {
  duration: string;
  totalMarks: number;
  sections: ExamSection[];
  passingMarks: string;
};

export type TimelineMonths = "April-June" | "July-September" | "October-December" | "January-March";

export type TimelinePhase = {
  month: TimelineMonths;
  focus: string;
  activities: string[];
};

export type Guide = {
  title: string;
  subtitle: string;
  description: string;
  examType: string;
  keySubjects: string[];
  examMonths: ExamMonths;
  difficulty: string;
  importance: string;
  tips: GuideTip[];
  strategies: GuideTip[];
  examPattern: ExamPattern;
  preparationTimeline: TimelinePhase[];
};

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

/** The common pattern of an 80-mark CBSE theory paper. */
export const examPattern: ExamPattern = {
  duration: "3 hours",
  totalMarks: 80,
  sections: [
    { name: "Objective", marks: 20 },
    { name: "Short Answer", marks: 30 },
    { name: "Long Answer", marks: 30 },
  ],
  passingMarks: "33%",
};

export const guides: Record<Grade, Guide> = {
  9: {
    title: "Class 9 Study Guide",
    subtitle: "Build strong foundations for your board years",
    description:
      "Class 9 is where the secondary syllabus begins. Much of what you learn this year, in algebra and geometry, in physics, chemistry and biology, and in history and geography, carries straight on into Class 10, so understanding it well now makes your board year far easier. Your annual exam is set and marked by your school, but it follows the CBSE syllabus and usually the same question pattern as the board exam.",
    examType: "School Annual Exam",
    keySubjects: ["Mathematics", "Science", "Social Science", "English", "Hindi"],
    examMonths: EXAM_MONTHS[9],
    difficulty: "Moderate",
    importance: "Foundation for Class 10",
    tips: [
      {
        title: "Start with NCERT",
        description:
          "Read each NCERT chapter fully and solve every in-text question and exercise. Most school exam questions are based on them.",
        icon: "book",
      },
      {
        title: "Fix a daily routine",
        description:
          "Study at the same time every day, even if only for an hour or two. Make maths practice part of every day.",
        icon: "clock",
      },
      {
        title: "Understand, then memorise",
        description:
          "Ask why a formula or fact is true. Once you understand the reason, you remember it for much longer.",
        icon: "brain",
      },
      {
        title: "Keep neat notes",
        description:
          "Make short notes or a mind map for each chapter as you finish it. They will help you revise in Class 10 as well.",
        icon: "pencil",
      },
      {
        title: "Clear doubts early",
        description:
          "Ask your teacher or friends the same week a doubt comes up. Small gaps in Class 9 become big gaps in Class 10.",
        icon: "lightbulb",
      },
    ],
    strategies: [
      {
        title: "Learn actively",
        description:
          "After reading a topic, close the book and write down the main points or explain them aloud. Then check what you missed.",
        icon: "brain",
      },
      {
        title: "Practise in steps",
        description:
          "For maths and science numericals, first solve NCERT examples, then exercises, then extra questions your teacher suggests.",
        icon: "pencil",
      },
      {
        title: "Revise every weekend",
        description:
          "Spend an hour each weekend going back over the chapters of the past few weeks. Short, regular revision beats cramming.",
        icon: "calendar",
      },
      {
        title: "Test yourself monthly",
        description:
          "At the end of each month, take a timed test on the chapters you finished. Mark it honestly and note your mistakes.",
        icon: "target",
      },
      {
        title: "Track weak topics",
        description:
          "Keep a list of topics you find hard and tick them off once you can solve their questions without help.",
        icon: "chart",
      },
    ],
    examPattern,
    preparationTimeline: [
      {
        month: "April-June",
        focus: "Settle in and build good habits",
        activities: [
          "Get your NCERT textbooks and this year's syllabus from your school",
          "Make a weekly timetable that covers all five subjects",
          "Study the first chapters of each subject carefully and make notes",
          "Use the summer break to revise and catch up on weak topics",
        ],
      },
      {
        month: "July-September",
        focus: "Cover the core syllabus",
        activities: [
          "Keep pace with school teaching, one chapter at a time",
          "Solve all NCERT exercises in maths and science",
          "Prepare well for the half-yearly exam",
          "Go through your half-yearly mistakes and fix those topics",
        ],
      },
      {
        month: "October-December",
        focus: "Finish the syllabus and strengthen weak areas",
        activities: [
          "Complete the remaining chapters",
          "Revise the first-term chapters once a week",
          "Practise map work and diagrams",
          "Finish projects and internal assessment work on time",
        ],
      },
      {
        month: "January-March",
        focus: "Revise and get ready for the annual exam",
        activities: [
          "Revise every subject from your own notes",
          "Solve your school's past papers and full practice papers",
          "Write complete answers within 3 hours to build speed",
          "Keep regular sleep and meals through the exam weeks",
        ],
      },
    ],
  },

  10: {
    title: "Class 10 Exam Guide",
    subtitle: "Everything you need for your first board exam",
    description:
      "Class 10 ends with your first CBSE board exam, set and marked by CBSE itself, and your marks help decide the stream you can take in Class 11. CBSE now holds the Class 10 board exam in two phases: the main exam in February-March, which every student takes, and an optional second exam in May to improve marks in some subjects (check the current rules on cbse.gov.in). The syllabus is manageable, and the exam rewards steady practice, neat step-by-step answers and plenty of sample papers.",
    examType: "CBSE Board Exam",
    keySubjects: ["Mathematics", "Science", "Social Science", "English", "Hindi"],
    examMonths: EXAM_MONTHS[10],
    difficulty: "Moderate",
    importance: "First board exam",
    tips: [
      {
        title: "Make NCERT your base",
        description:
          "Board questions are based on NCERT. Finish every example, exercise and in-text question before you open any other book.",
        icon: "book",
      },
      {
        title: "Study a little every day",
        description:
          "Two to three focused hours on school days, and a bit more at weekends, is enough for most students if you keep it up all year.",
        icon: "clock",
      },
      {
        title: "Test yourself instead of re-reading",
        description:
          "Close the book and write or say what you just learned. Recalling from memory sticks far better than reading the page again.",
        icon: "brain",
      },
      {
        title: "Keep an error notebook",
        description:
          "Write down every mistake from tests and practice with the correct method. Read it before every test and exam.",
        icon: "pencil",
      },
      {
        title: "Protect your sleep and health",
        description:
          "Sleep about eight hours, eat proper meals and take short breaks. A tired brain forgets what it has learned.",
        icon: "star",
      },
    ],
    strategies: [
      {
        title: "Solve the official sample papers",
        description:
          "CBSE publishes a sample paper and marking scheme for every subject on cbseacademic.nic.in. Solve them under exam time, then mark yourself with the marking scheme.",
        icon: "check",
      },
      {
        title: "Answer the way examiners mark",
        description:
          "Marks go to steps, keywords, labelled diagrams and units. Show all working, underline key points and keep answers to the point.",
        icon: "target",
      },
      {
        title: "Practise competency-based questions",
        description:
          "Much of the paper is case-based, source-based, assertion-reason and multiple-choice questions that test how you apply ideas. Practise them from CBSE's sample papers and question banks.",
        icon: "lightbulb",
      },
      {
        title: "Plan the three hours",
        description:
          "Use the 15 minutes of reading time to choose your order. Attempt what you know first, watch the clock per section, and keep 10-15 minutes to check.",
        icon: "clock",
      },
      {
        title: "Use pre-boards as a rehearsal",
        description:
          "Take your school's pre-board exams seriously. Afterwards, list your marks chapter by chapter and spend the next weeks on the weakest ones.",
        icon: "chart",
      },
    ],
    examPattern,
    preparationTimeline: [
      {
        month: "April-June",
        focus: "Make a strong start",
        activities: [
          "Get your NCERT textbooks and this year's CBSE syllabus",
          "Make a timetable with daily time for maths and science",
          "Study the first chapters of every subject thoroughly",
          "Use the summer break to get ahead in your weakest subject",
        ],
      },
      {
        month: "July-September",
        focus: "Cover most of the syllabus",
        activities: [
          "Finish NCERT exercises chapter by chapter as they are taught",
          "Make short revision notes for each chapter",
          "Prepare for the half-yearly exam and study your mistakes",
          "Complete internal assessment work and projects on time",
        ],
      },
      {
        month: "October-December",
        focus: "Complete the syllabus and start revising",
        activities: [
          "Finish every chapter by December",
          "Solve past board questions chapter by chapter",
          "Start full sample papers, one or two a week",
          "Revise your weakest chapters first",
        ],
      },
      {
        month: "January-March",
        focus: "Pre-boards, revision and the board exam",
        activities: [
          "Take the pre-boards and work on the feedback",
          "Solve the latest CBSE sample papers under exam time",
          "Revise from your short notes and error notebook",
          "Follow the date sheet and revise the next paper in the gaps",
        ],
      },
    ],
  },

  11: {
    title: "Class 11 Study Guide",
    subtitle: "Master the jump to senior secondary",
    description:
      "Class 11 is the biggest step up in school. You now study a stream (Science, Commerce or Humanities), chapters are longer and more abstract, and most of what you learn is needed again in Class 12 and in entrance exams such as JEE, NEET and CUET. The annual exam is set by your school, but it follows the CBSE syllabus and the board-style pattern, so use it as practice for Class 12.",
    examType: "School Annual Exam",
    keySubjects: [
      "Physics",
      "Chemistry",
      "Mathematics",
      "Biology",
      "Accountancy",
      "Business Studies",
      "Economics",
      "English Core",
    ],
    examMonths: EXAM_MONTHS[11],
    difficulty: "High",
    importance: "Foundation for Class 12 and entrance exams",
    tips: [
      {
        title: "Do not take Class 11 lightly",
        description:
          "Many students relax after the Class 10 boards. But Class 12 builds on Class 11, and entrance exams test both years.",
        icon: "target",
      },
      {
        title: "Keep up with every chapter",
        description:
          "Class 11 chapters build on each other. Falling a month behind is hard to recover from, so finish each chapter while it is taught.",
        icon: "calendar",
      },
      {
        title: "Read NCERT line by line",
        description:
          "Especially in chemistry and biology, small details in the NCERT text often turn into exam questions.",
        icon: "book",
      },
      {
        title: "Practise numericals and derivations",
        description:
          "Physics, chemistry, maths and accountancy are learned by solving, not reading. Do some problems every day.",
        icon: "pencil",
      },
      {
        title: "Balance school and coaching",
        description:
          "If you go to coaching, do not skip school practicals, projects or internal assessment. They count towards your result.",
        icon: "clock",
      },
    ],
    strategies: [
      {
        title: "Concepts before shortcuts",
        description:
          "Make sure you understand why a method works before learning tricks. Tricks fail on unfamiliar questions; concepts do not.",
        icon: "brain",
      },
      {
        title: "Solve in levels",
        description:
          "Start with NCERT examples and exercises, then move to NCERT Exemplar problems, then harder questions.",
        icon: "chart",
      },
      {
        title: "Keep a formula and reaction notebook",
        description:
          "Write every formula, reaction, definition and accounting format in one notebook. It becomes your revision book for Class 12.",
        icon: "pencil",
      },
      {
        title: "Revise every weekend",
        description:
          "Go back over the past few weeks' chapters each weekend so that early topics are still fresh at exam time.",
        icon: "calendar",
      },
      {
        title: "Take timed chapter tests",
        description:
          "Once a month, test yourself on finished chapters under a time limit, and redo every question you got wrong.",
        icon: "clock",
      },
    ],
    examPattern,
    preparationTimeline: [
      {
        month: "April-June",
        focus: "Settle into your stream",
        activities: [
          "Get the NCERT textbooks and the current CBSE syllabus for your subjects",
          "Revise the Class 10 basics your stream needs",
          "Set a timetable with daily self-study time",
          "Study the first chapters carefully with clear notes",
        ],
      },
      {
        month: "July-September",
        focus: "Build core concepts",
        activities: [
          "Keep pace with school teaching, one chapter at a time",
          "Solve all NCERT examples and exercises",
          "Prepare for the half-yearly exam",
          "Analyse your half-yearly results and fix weak chapters",
        ],
      },
      {
        month: "October-December",
        focus: "Finish the syllabus",
        activities: [
          "Complete the remaining chapters",
          "Practise NCERT Exemplar problems",
          "Keep practical records, projects and internal assessment up to date",
          "Revise earlier chapters every weekend",
        ],
      },
      {
        month: "January-March",
        focus: "Revise and take the annual exam",
        activities: [
          "Revise from your formula sheets and short notes",
          "Solve full papers within 3 hours",
          "Give extra time to chapters that continue into Class 12",
          "Stay calm and keep a steady routine during the exams",
        ],
      },
    ],
  },

  12: {
    title: "Class 12 Board Guide",
    subtitle: "Your roadmap to the board exam and beyond",
    description:
      "Class 12 ends with the CBSE board exam, and its marks matter for what comes next: minimum-marks rules for admissions through JEE, NEET and CUET, many college admissions and many scholarships. The year feels short because practical exams and pre-boards start around December or January, so a clear plan from April onwards makes all the difference.",
    examType: "CBSE Board Exam",
    keySubjects: [
      "Physics",
      "Chemistry",
      "Mathematics",
      "Biology",
      "Accountancy",
      "Business Studies",
      "Economics",
      "English Core",
    ],
    examMonths: EXAM_MONTHS[12],
    difficulty: "High",
    importance: "Key for college admissions",
    tips: [
      {
        title: "Finish the syllabus early",
        description:
          "Aim to finish every chapter by November or December, so that January and February are free for revision and full papers.",
        icon: "calendar",
      },
      {
        title: "Stick to NCERT for the boards",
        description:
          "Board questions are based on NCERT, and the same books are the base for NEET and CUET. Know them thoroughly first.",
        icon: "book",
      },
      {
        title: "Practise with official papers",
        description:
          "Solve the CBSE sample papers and marking schemes on cbseacademic.nic.in, and past board papers, under exam time.",
        icon: "check",
      },
      {
        title: "Balance boards and entrance exams",
        description:
          "The board syllabus overlaps heavily with JEE, NEET and CUET. Learn each concept once, then practise both written answers and MCQs.",
        icon: "target",
      },
      {
        title: "Stay calm and consistent",
        description:
          "Steady daily work beats panic. Sleep about eight hours, take short breaks and talk to someone if the pressure feels too much.",
        icon: "star",
      },
    ],
    strategies: [
      {
        title: "Plan by unit weightage",
        description:
          "The CBSE syllabus lists the marks for each unit. Give time in proportion, but skip nothing: questions and internal choices come from every unit.",
        icon: "chart",
      },
      {
        title: "Write answers examiners like",
        description:
          "Show every step, draw neat labelled diagrams, write derivations in order, and use proper formats in accountancy and English.",
        icon: "pencil",
      },
      {
        title: "Take practicals seriously",
        description:
          "In practical subjects, 30 marks come from the practical exam, project and viva. Keep your practical file complete and revise the experiments.",
        icon: "check",
      },
      {
        title: "Time every full paper",
        description:
          "Solve full papers in 3 hours with the 15 minutes of reading time. Learn how long each section takes you and plan around it.",
        icon: "clock",
      },
      {
        title: "Revise with active recall",
        description:
          "Use formula sheets, flashcards and explaining topics aloud, instead of re-reading whole chapters.",
        icon: "brain",
      },
    ],
    examPattern,
    preparationTimeline: [
      {
        month: "April-June",
        focus: "Make a fast start",
        activities: [
          "Get this year's CBSE syllabus and note the marks for each unit",
          "Study the first units thoroughly as they are taught",
          "Use the summer break to revise what has been taught and tackle one tough chapter",
          "Decide your plan for entrance exams such as JEE, NEET or CUET",
        ],
      },
      {
        month: "July-September",
        focus: "Cover most of the syllabus",
        activities: [
          "Finish NCERT exercises chapter by chapter",
          "Keep formula sheets and notes of reactions and derivations",
          "Prepare for the half-yearly exam and study your mistakes",
          "Start your project and practical file",
        ],
      },
      {
        month: "October-December",
        focus: "Complete the syllabus and begin full revision",
        activities: [
          "Finish the syllabus by November if you can",
          "Solve past board questions chapter by chapter",
          "Start full sample papers under exam time",
          "Prepare for the practical exams and viva",
        ],
      },
      {
        month: "January-March",
        focus: "Practicals, pre-boards and the board exam",
        activities: [
          "Complete the practical exams and project submissions",
          "Take the pre-boards and work on the feedback",
          "Solve the latest CBSE sample papers under exam time",
          "Revise from short notes in the gaps between papers",
        ],
      },
    ],
  },
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
