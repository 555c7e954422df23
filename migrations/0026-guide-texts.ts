// The study guides a new database starts from (migration 0026): the spec's guide record of each
// class in English, and its Hindi translation. Frozen with the migration that writes them: the
// guides are content now (app/server/guides/), edited in the console; app/content/guides.ts names
// these English texts as the spec's. Nothing here may change once released (a migration is history).

type Grade = 9 | 10 | 11 | 12;

export type GuideTipText = { title: string; description: string; icon: string };
export type EnglishGuide = {
  title: string;
  subtitle: string;
  description: string;
  examType: string;
  keySubjects: string[];
  /** Months only ("February-March"): the page adds the coming season's year. */
  examDates: string;
  difficulty: string;
  importance: string;
  tips: GuideTipText[];
  strategies: GuideTipText[];
  examPattern: {
    duration: string;
    totalMarks: number;
    sections: Array<{ name: string; marks: number }>;
    passingMarks: string;
  };
  preparationTimeline: Array<{ month: string; focus: string; activities: string[] }>;
};

/** The Hindi texts of a guide: the English record's words, row for row (icons and marks are shared). */
export type HindiGuide = {
  title: string;
  subtitle: string;
  description: string;
  examType: string;
  keySubjects: string[];
  examDates: string;
  difficulty: string;
  importance: string;
  tips: Array<{ title: string; description: string }>;
  strategies: Array<{ title: string; description: string }>;
  examPattern: { duration: string; sections: Array<{ name: string }>; passingMarks: string };
  preparationTimeline: Array<{ month: string; focus: string; activities: string[] }>;
};

/** The common pattern of an 80-mark CBSE theory paper (a new copy for each guide). */
function examPattern(): EnglishGuide["examPattern"] {
  return {
    duration: "3 hours",
    totalMarks: 80,
    sections: [
      { name: "Objective", marks: 20 },
      { name: "Short Answer", marks: 30 },
      { name: "Long Answer", marks: 30 },
    ],
    passingMarks: "33%",
  };
}

function hindiPattern(): HindiGuide["examPattern"] {
  return {
    duration: "3 घंटे",
    sections: [{ name: "वस्तुनिष्ठ" }, { name: "लघु उत्तरीय" }, { name: "दीर्घ उत्तरीय" }],
    passingMarks: "33%",
  };
}

const SCHOOL_SUBJECTS = ["गणित", "विज्ञान", "सामाजिक विज्ञान", "अंग्रेज़ी", "हिंदी"];
const SENIOR_SUBJECTS = [
  "भौतिकी",
  "रसायन विज्ञान",
  "गणित",
  "जीव विज्ञान",
  "लेखाशास्त्र",
  "व्यवसाय अध्ययन",
  "अर्थशास्त्र",
  "अंग्रेज़ी (कोर)",
];

/** The spec's guide record of each class, word for word as the site showed it before guides were content. */
export const ENGLISH: Record<Grade, EnglishGuide> = {
  9: {
    title: "Class 9 Study Guide",
    subtitle: "Build strong foundations for your board years",
    description:
      "Class 9 is where the secondary syllabus begins. Much of what you learn this year, in algebra and geometry, in physics, chemistry and biology, and in history and geography, carries straight on into Class 10, so understanding it well now makes your board year far easier. Your annual exam is set and marked by your school, but it follows the CBSE syllabus and usually the same question pattern as the board exam.",
    examType: "School Annual Exam",
    keySubjects: ["Mathematics", "Science", "Social Science", "English", "Hindi"],
    examDates: "March-April",
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
    examPattern: examPattern(),
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
    examDates: "February-March",
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
    examPattern: examPattern(),
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
    examDates: "March-April",
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
    examPattern: examPattern(),
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
    examDates: "February-March",
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
    examPattern: examPattern(),
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
/** Written as a Hindi-speaking teacher would say it to students; product words they know in English stay. */
export const HINDI: Record<Grade, HindiGuide> = {
  9: {
    title: "कक्षा 9 अध्ययन गाइड",
    subtitle: "बोर्ड के वर्षों के लिए मज़बूत नींव बनाएँ",
    description:
      "कक्षा 9 से माध्यमिक स्तर का पाठ्यक्रम शुरू होता है। इस साल आप बीजगणित और ज्यामिति में, भौतिकी, रसायन और जीव विज्ञान में, और इतिहास व भूगोल में जो कुछ सीखते हैं, उसका बड़ा हिस्सा सीधे कक्षा 10 में आगे बढ़ता है। इसलिए अभी इसे अच्छी तरह समझ लेने से बोर्ड वाला साल बहुत आसान हो जाता है। आपकी वार्षिक परीक्षा आपका स्कूल लेता और जाँचता है, लेकिन यह CBSE पाठ्यक्रम पर ही आधारित होती है और इसके प्रश्नों का ढाँचा आमतौर पर बोर्ड परीक्षा जैसा ही होता है।",
    examType: "स्कूल की वार्षिक परीक्षा",
    keySubjects: SCHOOL_SUBJECTS,
    examDates: "मार्च-अप्रैल",
    difficulty: "मध्यम",
    importance: "कक्षा 10 की नींव",
    tips: [
      {
        title: "NCERT से शुरुआत करें",
        description:
          "NCERT का हर अध्याय पूरा पढ़ें और पाठ के बीच के सभी प्रश्न व अभ्यास हल करें। स्कूल की परीक्षा के ज़्यादातर प्रश्न इन्हीं पर आधारित होते हैं।",
      },
      {
        title: "रोज़ की दिनचर्या तय करें",
        description:
          "हर दिन एक ही समय पर पढ़ें, चाहे एक-दो घंटे ही क्यों न हों। गणित का अभ्यास रोज़ की पढ़ाई का हिस्सा बनाएँ।",
      },
      {
        title: "पहले समझें, फिर याद करें",
        description: "खुद से पूछें कि कोई सूत्र या तथ्य सही क्यों है। कारण समझ में आ जाए तो बात बहुत लंबे समय तक याद रहती है।",
      },
      {
        title: "साफ़-सुथरे नोट्स बनाएँ",
        description: "हर अध्याय पूरा होते ही उसके छोटे नोट्स या माइंड मैप बना लें। ये कक्षा 10 में दोहराने में भी काम आएँगे।",
      },
      {
        title: "शंकाएँ जल्दी दूर करें",
        description:
          "कोई शंका हो तो उसी हफ़्ते शिक्षक या दोस्तों से पूछ लें। कक्षा 9 की छोटी कमियाँ कक्षा 10 में बड़ी कमियाँ बन जाती हैं।",
      },
    ],
    strategies: [
      {
        title: "सक्रिय होकर पढ़ें",
        description: "कोई टॉपिक पढ़ने के बाद किताब बंद करें और मुख्य बातें लिखें या बोलकर समझाएँ। फिर देखें कि क्या छूट गया।",
      },
      {
        title: "कदम-दर-कदम अभ्यास करें",
        description:
          "गणित और विज्ञान के संख्यात्मक प्रश्नों में पहले NCERT के उदाहरण हल करें, फिर अभ्यास, फिर वे अतिरिक्त प्रश्न जो आपके शिक्षक बताएँ।",
      },
      {
        title: "हर सप्ताहांत दोहराएँ",
        description:
          "हर सप्ताहांत एक घंटा पिछले कुछ हफ़्तों के अध्याय दोहराने में लगाएँ। थोड़ा-थोड़ा नियमित दोहराना रटने से कहीं बेहतर है।",
      },
      {
        title: "हर महीने खुद को परखें",
        description:
          "हर महीने के अंत में पूरे किए गए अध्यायों पर समय बाँधकर एक टेस्ट दें। ईमानदारी से जाँचें और अपनी गलतियाँ लिख लें।",
      },
      {
        title: "कमज़ोर टॉपिक पर नज़र रखें",
        description:
          "जो टॉपिक कठिन लगें उनकी सूची बनाएँ, और जब उनके प्रश्न बिना मदद के हल होने लगें तो उन पर सही का निशान लगा दें।",
      },
    ],
    examPattern: hindiPattern(),
    preparationTimeline: [
      {
        month: "अप्रैल-जून",
        focus: "नई कक्षा में जमें और अच्छी आदतें डालें",
        activities: [
          "स्कूल से NCERT की किताबें और इस साल का पाठ्यक्रम ले लें",
          "ऐसी साप्ताहिक समय-सारणी बनाएँ जिसमें पाँचों विषय आएँ",
          "हर विषय के शुरुआती अध्याय ध्यान से पढ़ें और नोट्स बनाएँ",
          "गर्मी की छुट्टियों में दोहराएँ और कमज़ोर टॉपिक पूरे करें",
        ],
      },
      {
        month: "जुलाई-सितंबर",
        focus: "मुख्य पाठ्यक्रम पूरा करें",
        activities: [
          "स्कूल की पढ़ाई के साथ चलें, एक बार में एक अध्याय",
          "गणित और विज्ञान के NCERT के सभी अभ्यास हल करें",
          "अर्धवार्षिक परीक्षा की अच्छी तैयारी करें",
          "अर्धवार्षिक परीक्षा की गलतियाँ देखें और वे टॉपिक ठीक करें",
        ],
      },
      {
        month: "अक्टूबर-दिसंबर",
        focus: "पाठ्यक्रम पूरा करें और कमज़ोर हिस्से मज़बूत करें",
        activities: [
          "बचे हुए अध्याय पूरे करें",
          "पहले सत्र के अध्याय हफ़्ते में एक बार दोहराएँ",
          "मानचित्र कार्य और चित्रों का अभ्यास करें",
          "प्रोजेक्ट और आंतरिक मूल्यांकन का काम समय पर पूरा करें",
        ],
      },
      {
        month: "जनवरी-मार्च",
        focus: "दोहराएँ और वार्षिक परीक्षा के लिए तैयार हो जाएँ",
        activities: [
          "हर विषय अपने नोट्स से दोहराएँ",
          "स्कूल के पिछले प्रश्नपत्र और पूरे अभ्यास प्रश्नपत्र हल करें",
          "गति बढ़ाने के लिए 3 घंटे में पूरे उत्तर लिखने का अभ्यास करें",
          "परीक्षा के दिनों में नींद और खाना नियमित रखें",
        ],
      },
    ],
  },

  10: {
    title: "कक्षा 10 परीक्षा गाइड",
    subtitle: "अपनी पहली बोर्ड परीक्षा के लिए ज़रूरी सब कुछ",
    description:
      "कक्षा 10 के अंत में आपकी पहली CBSE बोर्ड परीक्षा होती है, जिसे CBSE खुद लेता और जाँचता है, और इसके अंकों से यह तय करने में मदद मिलती है कि कक्षा 11 में आप कौन-सी स्ट्रीम ले सकते हैं। CBSE अब कक्षा 10 की बोर्ड परीक्षा दो चरणों में लेता है: फ़रवरी-मार्च में मुख्य परीक्षा, जो हर विद्यार्थी देता है, और मई में एक वैकल्पिक दूसरी परीक्षा, जिससे कुछ विषयों में अंक सुधारे जा सकते हैं (ताज़ा नियम cbse.gov.in पर देखें)। पाठ्यक्रम संभालने लायक है, और इस परीक्षा में नियमित अभ्यास, साफ़-सुथरे चरणबद्ध उत्तरों और ढेर सारे सैंपल पेपरों का पूरा फल मिलता है।",
    examType: "CBSE बोर्ड परीक्षा",
    keySubjects: SCHOOL_SUBJECTS,
    examDates: "फ़रवरी-मार्च",
    difficulty: "मध्यम",
    importance: "पहली बोर्ड परीक्षा",
    tips: [
      {
        title: "NCERT को अपना आधार बनाएँ",
        description:
          "बोर्ड के प्रश्न NCERT पर आधारित होते हैं। कोई दूसरी किताब खोलने से पहले हर उदाहरण, अभ्यास और पाठ के बीच का प्रश्न पूरा करें।",
      },
      {
        title: "हर दिन थोड़ा पढ़ें",
        description:
          "स्कूल के दिनों में दो से तीन घंटे मन लगाकर और सप्ताहांत पर थोड़ा ज़्यादा पढ़ना ज़्यादातर विद्यार्थियों के लिए काफ़ी है, बशर्ते यह पूरे साल चलता रहे।",
      },
      {
        title: "दोबारा पढ़ने के बजाय खुद को परखें",
        description:
          "किताब बंद करें और जो अभी सीखा है उसे लिखें या बोलें। याद करके दोहराई गई बात पन्ना दोबारा पढ़ने से कहीं ज़्यादा टिकती है।",
      },
      {
        title: "गलतियों की कॉपी रखें",
        description: "टेस्ट और अभ्यास की हर गलती सही तरीके के साथ लिख लें। हर टेस्ट और परीक्षा से पहले इसे पढ़ें।",
      },
      {
        title: "नींद और सेहत का ध्यान रखें",
        description:
          "लगभग आठ घंटे सोएँ, ठीक से खाना खाएँ और बीच-बीच में छोटे ब्रेक लें। थका हुआ दिमाग सीखी हुई बात भूल जाता है।",
      },
    ],
    strategies: [
      {
        title: "आधिकारिक सैंपल पेपर हल करें",
        description:
          "CBSE हर विषय का सैंपल पेपर और मार्किंग स्कीम cbseacademic.nic.in पर देता है। इन्हें परीक्षा जितने समय में हल करें, फिर मार्किंग स्कीम से खुद जाँचें।",
      },
      {
        title: "वैसे उत्तर लिखें जैसे परीक्षक अंक देते हैं",
        description:
          "अंक चरणों, मुख्य शब्दों, नामांकित चित्रों और इकाइयों पर मिलते हैं। पूरा हल दिखाएँ, मुख्य बातें रेखांकित करें और उत्तर सटीक रखें।",
      },
      {
        title: "योग्यता-आधारित प्रश्नों का अभ्यास करें",
        description:
          "पेपर का बड़ा हिस्सा केस-आधारित, स्रोत-आधारित, अभिकथन-कारण और MCQ प्रश्नों का होता है, जो परखते हैं कि आप सीखी हुई बात का उपयोग कैसे करते हैं। इनका अभ्यास CBSE के सैंपल पेपरों और प्रश्न बैंकों से करें।",
      },
      {
        title: "तीन घंटों की योजना बनाएँ",
        description:
          "पढ़ने के 15 मिनट में तय करें कि किस क्रम में प्रश्न करेंगे। जो आता है वह पहले करें, हर खंड पर घड़ी देखते रहें, और जाँचने के लिए 10-15 मिनट बचाकर रखें।",
      },
      {
        title: "प्री-बोर्ड को पूर्वाभ्यास मानें",
        description:
          "स्कूल की प्री-बोर्ड परीक्षाओं को गंभीरता से लें। बाद में अध्याय-वार अपने अंक लिखें और अगले कुछ हफ़्ते सबसे कमज़ोर अध्यायों पर लगाएँ।",
      },
    ],
    examPattern: hindiPattern(),
    preparationTimeline: [
      {
        month: "अप्रैल-जून",
        focus: "मज़बूत शुरुआत करें",
        activities: [
          "NCERT की किताबें और इस साल का CBSE पाठ्यक्रम ले लें",
          "ऐसी समय-सारणी बनाएँ जिसमें रोज़ गणित और विज्ञान का समय हो",
          "हर विषय के शुरुआती अध्याय अच्छी तरह पढ़ें",
          "गर्मी की छुट्टियों में अपने सबसे कमज़ोर विषय में आगे निकलें",
        ],
      },
      {
        month: "जुलाई-सितंबर",
        focus: "पाठ्यक्रम का ज़्यादातर हिस्सा पूरा करें",
        activities: [
          "जैसे-जैसे अध्याय पढ़ाए जाएँ, NCERT के अभ्यास पूरे करते चलें",
          "हर अध्याय के छोटे रिवीज़न नोट्स बनाएँ",
          "अर्धवार्षिक परीक्षा की तैयारी करें और अपनी गलतियों से सीखें",
          "आंतरिक मूल्यांकन और प्रोजेक्ट का काम समय पर पूरा करें",
        ],
      },
      {
        month: "अक्टूबर-दिसंबर",
        focus: "पाठ्यक्रम पूरा करें और दोहराना शुरू करें",
        activities: [
          "दिसंबर तक हर अध्याय पूरा कर लें",
          "बोर्ड के पिछले प्रश्न अध्याय-वार हल करें",
          "पूरे सैंपल पेपर शुरू करें, हफ़्ते में एक या दो",
          "सबसे पहले अपने सबसे कमज़ोर अध्याय दोहराएँ",
        ],
      },
      {
        month: "जनवरी-मार्च",
        focus: "प्री-बोर्ड, रिवीज़न और बोर्ड परीक्षा",
        activities: [
          "प्री-बोर्ड दें और मिली सलाह पर काम करें",
          "CBSE के नए सैंपल पेपर परीक्षा जितने समय में हल करें",
          "अपने छोटे नोट्स और गलतियों की कॉपी से दोहराएँ",
          "डेट शीट के अनुसार चलें और बीच के दिनों में अगला पेपर दोहराएँ",
        ],
      },
    ],
  },

  11: {
    title: "कक्षा 11 अध्ययन गाइड",
    subtitle: "सीनियर सेकेंडरी की बड़ी छलाँग के लिए तैयार रहें",
    description:
      "स्कूल में कक्षा 11 सबसे बड़ा बदलाव है। अब आप एक स्ट्रीम (विज्ञान, वाणिज्य या मानविकी) पढ़ते हैं, अध्याय लंबे और ज़्यादा गहरे होते हैं, और जो कुछ आप सीखते हैं उसका अधिकांश हिस्सा कक्षा 12 में और JEE, NEET व CUET जैसी प्रवेश परीक्षाओं में फिर से काम आता है। वार्षिक परीक्षा आपका स्कूल लेता है, लेकिन यह CBSE पाठ्यक्रम और बोर्ड जैसे ढाँचे पर होती है, इसलिए इसे कक्षा 12 का अभ्यास मानें।",
    examType: "स्कूल की वार्षिक परीक्षा",
    keySubjects: SENIOR_SUBJECTS,
    examDates: "मार्च-अप्रैल",
    difficulty: "कठिन",
    importance: "कक्षा 12 और प्रवेश परीक्षाओं की नींव",
    tips: [
      {
        title: "कक्षा 11 को हल्के में न लें",
        description:
          "कक्षा 10 के बोर्ड के बाद कई विद्यार्थी ढीले पड़ जाते हैं। लेकिन कक्षा 12 कक्षा 11 पर ही टिकी है, और प्रवेश परीक्षाओं में दोनों सालों से प्रश्न आते हैं।",
      },
      {
        title: "हर अध्याय के साथ चलते रहें",
        description:
          "कक्षा 11 के अध्याय एक-दूसरे पर टिके होते हैं। एक महीना पीछे छूट गए तो फिर बराबरी करना मुश्किल है, इसलिए जो अध्याय पढ़ाया जा रहा है उसे उसी समय पूरा करें।",
      },
      {
        title: "NCERT पंक्ति-दर-पंक्ति पढ़ें",
        description:
          "खासकर रसायन विज्ञान और जीव विज्ञान में NCERT की छोटी-छोटी बातें अक्सर परीक्षा के प्रश्न बन जाती हैं।",
      },
      {
        title: "संख्यात्मक प्रश्नों और व्युत्पत्तियों का अभ्यास करें",
        description: "भौतिकी, रसायन, गणित और लेखाशास्त्र पढ़ने से नहीं, हल करने से आते हैं। रोज़ कुछ प्रश्न ज़रूर करें।",
      },
      {
        title: "स्कूल और कोचिंग में संतुलन रखें",
        description:
          "अगर आप कोचिंग जाते हैं, तो भी स्कूल के प्रैक्टिकल, प्रोजेक्ट या आंतरिक मूल्यांकन न छोड़ें। इनके अंक आपके परिणाम में जुड़ते हैं।",
      },
    ],
    strategies: [
      {
        title: "शॉर्टकट से पहले अवधारणा",
        description:
          "कोई ट्रिक सीखने से पहले पक्का करें कि आप समझते हैं कि तरीका काम क्यों करता है। अनजाने प्रश्नों पर ट्रिक काम नहीं आती, अवधारणा आती है।",
      },
      {
        title: "स्तर-दर-स्तर हल करें",
        description: "NCERT के उदाहरणों और अभ्यासों से शुरू करें, फिर NCERT Exemplar के प्रश्न करें, फिर कठिन प्रश्न।",
      },
      {
        title: "सूत्रों और अभिक्रियाओं की कॉपी रखें",
        description:
          "हर सूत्र, अभिक्रिया, परिभाषा और लेखांकन का प्रारूप एक ही कॉपी में लिखें। यही कक्षा 12 में आपकी रिवीज़न की किताब बनेगी।",
      },
      {
        title: "हर सप्ताहांत दोहराएँ",
        description: "हर सप्ताहांत पिछले कुछ हफ़्तों के अध्याय दोहराएँ, ताकि शुरुआती टॉपिक परीक्षा के समय भी ताज़ा रहें।",
      },
      {
        title: "समय बाँधकर अध्याय-टेस्ट दें",
        description: "महीने में एक बार पूरे हुए अध्यायों पर समय-सीमा में खुद को परखें, और हर गलत प्रश्न दोबारा हल करें।",
      },
    ],
    examPattern: hindiPattern(),
    preparationTimeline: [
      {
        month: "अप्रैल-जून",
        focus: "अपनी स्ट्रीम में जमें",
        activities: [
          "अपने विषयों की NCERT किताबें और CBSE का मौजूदा पाठ्यक्रम ले लें",
          "कक्षा 10 की वे बुनियादी बातें दोहराएँ जो आपकी स्ट्रीम में चाहिए",
          "रोज़ खुद पढ़ने के समय वाली समय-सारणी बनाएँ",
          "शुरुआती अध्याय ध्यान से, साफ़ नोट्स के साथ पढ़ें",
        ],
      },
      {
        month: "जुलाई-सितंबर",
        focus: "मूल अवधारणाएँ मज़बूत करें",
        activities: [
          "स्कूल की पढ़ाई के साथ चलें, एक बार में एक अध्याय",
          "NCERT के सभी उदाहरण और अभ्यास हल करें",
          "अर्धवार्षिक परीक्षा की तैयारी करें",
          "अर्धवार्षिक परिणाम को परखें और कमज़ोर अध्याय ठीक करें",
        ],
      },
      {
        month: "अक्टूबर-दिसंबर",
        focus: "पाठ्यक्रम पूरा करें",
        activities: [
          "बचे हुए अध्याय पूरे करें",
          "NCERT Exemplar के प्रश्नों का अभ्यास करें",
          "प्रैक्टिकल रिकॉर्ड, प्रोजेक्ट और आंतरिक मूल्यांकन का काम समय पर पूरा रखें",
          "हर सप्ताहांत पहले के अध्याय दोहराएँ",
        ],
      },
      {
        month: "जनवरी-मार्च",
        focus: "दोहराएँ और वार्षिक परीक्षा दें",
        activities: [
          "अपनी सूत्र-सूची और छोटे नोट्स से दोहराएँ",
          "पूरे प्रश्नपत्र 3 घंटे में हल करें",
          "जो अध्याय कक्षा 12 में आगे चलते हैं उन्हें ज़्यादा समय दें",
          "परीक्षा के दिनों में शांत रहें और दिनचर्या नियमित रखें",
        ],
      },
    ],
  },

  12: {
    title: "कक्षा 12 बोर्ड गाइड",
    subtitle: "बोर्ड परीक्षा और उसके आगे का आपका रास्ता",
    description:
      "कक्षा 12 के अंत में CBSE बोर्ड परीक्षा होती है, और इसके अंक आगे बहुत मायने रखते हैं: JEE, NEET और CUET से होने वाले दाखिलों में न्यूनतम अंकों के नियम, कई कॉलेजों के दाखिले और कई छात्रवृत्तियाँ। यह साल छोटा लगता है, क्योंकि प्रैक्टिकल परीक्षाएँ और प्री-बोर्ड दिसंबर या जनवरी के आसपास शुरू हो जाते हैं, इसलिए अप्रैल से ही साफ़ योजना बनाना सबसे बड़ा फ़र्क लाता है।",
    examType: "CBSE बोर्ड परीक्षा",
    keySubjects: SENIOR_SUBJECTS,
    examDates: "फ़रवरी-मार्च",
    difficulty: "कठिन",
    importance: "कॉलेज में दाखिले के लिए अहम",
    tips: [
      {
        title: "पाठ्यक्रम जल्दी पूरा करें",
        description:
          "कोशिश करें कि हर अध्याय नवंबर या दिसंबर तक पूरा हो जाए, ताकि जनवरी और फ़रवरी दोहराने और पूरे प्रश्नपत्र हल करने के लिए खाली रहें।",
      },
      {
        title: "बोर्ड के लिए NCERT पर टिके रहें",
        description:
          "बोर्ड के प्रश्न NCERT पर आधारित होते हैं, और NEET व CUET का आधार भी यही किताबें हैं। पहले इन्हें अच्छी तरह जान लें।",
      },
      {
        title: "आधिकारिक प्रश्नपत्रों से अभ्यास करें",
        description:
          "cbseacademic.nic.in पर दिए CBSE सैंपल पेपर और मार्किंग स्कीम, और बोर्ड के पिछले प्रश्नपत्र, परीक्षा जितने समय में हल करें।",
      },
      {
        title: "बोर्ड और प्रवेश परीक्षाओं में संतुलन रखें",
        description:
          "बोर्ड का पाठ्यक्रम JEE, NEET और CUET से काफ़ी मेल खाता है। हर अवधारणा एक बार अच्छी तरह सीखें, फिर लिखित उत्तर और MCQ दोनों का अभ्यास करें।",
      },
      {
        title: "शांत और नियमित रहें",
        description:
          "घबराहट से नहीं, रोज़ की लगातार मेहनत से काम बनता है। लगभग आठ घंटे सोएँ, छोटे ब्रेक लें, और दबाव ज़्यादा लगे तो किसी से बात करें।",
      },
    ],
    strategies: [
      {
        title: "इकाइयों के अंक-भार के अनुसार योजना बनाएँ",
        description:
          "CBSE पाठ्यक्रम में हर इकाई के अंक दिए होते हैं। उसी अनुपात में समय दें, पर कुछ भी न छोड़ें: प्रश्न और आंतरिक विकल्प हर इकाई से आते हैं।",
      },
      {
        title: "ऐसे उत्तर लिखें जो परीक्षक को पसंद आएँ",
        description:
          "हर चरण दिखाएँ, साफ़ नामांकित चित्र बनाएँ, व्युत्पत्तियाँ क्रम से लिखें, और लेखाशास्त्र व अंग्रेज़ी में सही प्रारूप अपनाएँ।",
      },
      {
        title: "प्रैक्टिकल को गंभीरता से लें",
        description:
          "प्रैक्टिकल वाले विषयों में 30 अंक प्रैक्टिकल परीक्षा, प्रोजेक्ट और मौखिकी (viva) से आते हैं। अपनी प्रैक्टिकल फ़ाइल पूरी रखें और प्रयोग दोहराएँ।",
      },
      {
        title: "हर पूरा प्रश्नपत्र समय बाँधकर करें",
        description:
          "पढ़ने के 15 मिनट के साथ पूरे प्रश्नपत्र 3 घंटे में हल करें। जानें कि हर खंड में आपको कितना समय लगता है और उसी हिसाब से योजना बनाएँ।",
      },
      {
        title: "याद करके दोहराएँ",
        description: "पूरे अध्याय दोबारा पढ़ने के बजाय सूत्र-सूची, फ़्लैशकार्ड और टॉपिक को बोलकर समझाने का सहारा लें।",
      },
    ],
    examPattern: hindiPattern(),
    preparationTimeline: [
      {
        month: "अप्रैल-जून",
        focus: "तेज़ शुरुआत करें",
        activities: [
          "इस साल का CBSE पाठ्यक्रम लें और हर इकाई के अंक नोट करें",
          "शुरुआती इकाइयाँ जैसे-जैसे पढ़ाई जाएँ, उन्हें अच्छी तरह पढ़ें",
          "गर्मी की छुट्टियों में पढ़ाया गया दोहराएँ और एक कठिन अध्याय पूरा करें",
          "JEE, NEET या CUET जैसी प्रवेश परीक्षाओं के लिए अपनी योजना तय करें",
        ],
      },
      {
        month: "जुलाई-सितंबर",
        focus: "पाठ्यक्रम का ज़्यादातर हिस्सा पूरा करें",
        activities: [
          "NCERT के अभ्यास अध्याय-दर-अध्याय पूरे करें",
          "सूत्र-सूची और अभिक्रियाओं व व्युत्पत्तियों के नोट्स बनाते चलें",
          "अर्धवार्षिक परीक्षा की तैयारी करें और अपनी गलतियों से सीखें",
          "अपना प्रोजेक्ट और प्रैक्टिकल फ़ाइल शुरू करें",
        ],
      },
      {
        month: "अक्टूबर-दिसंबर",
        focus: "पाठ्यक्रम पूरा करें और पूरा रिवीज़न शुरू करें",
        activities: [
          "हो सके तो नवंबर तक पाठ्यक्रम पूरा कर लें",
          "बोर्ड के पिछले प्रश्न अध्याय-वार हल करें",
          "परीक्षा जितने समय में पूरे सैंपल पेपर हल करना शुरू करें",
          "प्रैक्टिकल परीक्षा और मौखिकी (viva) की तैयारी करें",
        ],
      },
      {
        month: "जनवरी-मार्च",
        focus: "प्रैक्टिकल, प्री-बोर्ड और बोर्ड परीक्षा",
        activities: [
          "प्रैक्टिकल परीक्षाएँ और प्रोजेक्ट जमा करना पूरा करें",
          "प्री-बोर्ड दें और मिली सलाह पर काम करें",
          "CBSE के नए सैंपल पेपर परीक्षा जितने समय में हल करें",
          "पेपरों के बीच के दिनों में छोटे नोट्स से दोहराएँ",
        ],
      },
    ],
  },
};
