/**
 * Demo content loaded by `npm run demo` into an empty database: subjects and chapters per class,
 * curated links, official resources, our own short notes, and four blog posts.
 *
 * Chapter lists follow the NCERT textbooks as prescribed by CBSE (the rationalised editions), in
 * book order. Where a subject has several books they follow each other in the order stated on the
 * subject, and `book` names the book where a subject has more than one. Chapter titles are kept
 * exactly as printed, so two subjects of one class may share a title (class 11: 'Thermodynamics' in
 * Physics and Chemistry); the loader resolves the slug clash.
 *
 * Subjects sit in the class where CBSE teaches them, which for Economics is not NCERT's own
 * labelling: CBSE teaches Statistics for Economics and Introductory Microeconomics in Class 11,
 * Introductory Macroeconomics and Indian Economic Development in Class 12 (as the study guides say).
 *
 * Some chapters are shown although they are not taught this session: chapters NCERT dropped in its
 * rationalisation (students still search for them) are kept in their old place with the status
 * "Not in syllabus". The Class 9 lists still follow the books used until 2025-26; NCERT's new Class 9
 * books of 2026-27 come in chapter by chapter, marked "New this session".
 *
 * Every link points to an official or well-known free resource. Where a chapter-level address was not
 * certain, the publisher's index page is linked instead and the link title says so. A link's `year`
 * is the board examination it serves (a sample paper of the 2026-27 session: 2027).
 */

import type { Grade } from "#app/lib/grades.ts";
import type { Medium } from "#app/lib/medium.ts";

export type LinkTypeWord =
  | "Textbook"
  | "Notes"
  | "Video"
  | "MCQ"
  | "Case-based"
  | "Assertion-reason"
  | "Source-based"
  | "Short answer"
  | "Long answer"
  | "Sample paper"
  | "Marking scheme"
  | "Previous year paper"
  | "Practice questions"
  | "Syllabus";

export type DemoLink = {
  title: string;
  url: string;
  type?: LinkTypeWord;
  language?: "English" | "Hindi" | "Both";
  year?: number;
};

export type DemoChapter = {
  /** Real NCERT chapter title, exactly as printed (for a dropped chapter: as in its last edition). */
  title: string;
  /** "Other Notes" links. */
  notes?: DemoLink[];
  questions?: DemoLink[];
  lectures?: DemoLink[];
  /** Official resources list (NCERT chapter PDFs, CBSE sample papers, marking schemes...). */
  official?: DemoLink[];
  /** Syllabus status in 2026-27 when not "In syllabus". */
  syllabus?: { status: "New this session" | "Not in syllabus"; whatChanged?: string };
  /** Earlier titles, oldest first: the loader creates the chapter under the first and renames it, so old addresses redirect. */
  formerTitles?: string[];
  book?: string;
  chapterNumber?: number;
  /** Our own short study note (HTML). */
  noteHtml?: string;
  /** For chapters with noteHtml: one sentence. */
  seoDescription?: string;
  /** For chapters with noteHtml. */
  keywords?: string[];
};

/** code: lowercase letters, digits, hyphens. */
/** `medium`: the subject's (app/lib/medium.ts); the English catalogue's are English medium. */
export type DemoSubject = { code: string; label: string; medium?: Medium; chapters: DemoChapter[] };

export type DemoPost = {
  title: string;
  slug: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  tag: string;
  category: string;
  excerpt: string;
  contentHtml: string;
  status: "published" | "draft";
  keywords: string[];
  /** Slugs of other posts. */
  related: string[];
};

// ---------------------------------------------------------------------------------------------------
// Shared links (index pages of official or well-known free resources)
// ---------------------------------------------------------------------------------------------------

const NCERT_TEXTBOOKS: DemoLink = {
  title: "NCERT textbooks, all chapters (official index: choose class, subject and book)",
  url: "https://ncert.nic.in/textbook.php",
  type: "Textbook",
};

const NCERT_TEXTBOOKS_HINDI: DemoLink = {
  title: "NCERT पाठ्यपुस्तकें, हिंदी माध्यम (आधिकारिक सूची: कक्षा, विषय और पुस्तक चुनें)",
  url: "https://ncert.nic.in/textbook.php?ln=hi",
  type: "Textbook",
  language: "Hindi",
};

const NCERT_EXEMPLAR: DemoLink = {
  title: "NCERT Exemplar problems (official index: choose class and subject)",
  url: "https://ncert.nic.in/exemplar-problems.php",
  type: "Practice questions",
};

const CBSE_SQP_X: DemoLink = {
  title: "CBSE Class X sample question papers and marking schemes 2026-27 (official)",
  url: "https://cbseacademic.nic.in/SQP_CLASSX_2026-27.html",
  type: "Sample paper",
  language: "Both",
  year: 2027,
};

const CBSE_SQP_XII: DemoLink = {
  title: "CBSE Class XII sample question papers and marking schemes 2026-27 (official)",
  url: "https://cbseacademic.nic.in/SQP_CLASSXII_2026-27.html",
  type: "Sample paper",
  language: "Both",
  year: 2027,
};

// The same official pages as the sample papers: each subject's marking scheme sits next to its
// paper there. A chapter gets one of the two, never both (one address, one item).
const CBSE_MS_X: DemoLink = {
  title: "CBSE Class X marking schemes 2026-27 (official index: the scheme is next to each sample paper)",
  url: CBSE_SQP_X.url,
  type: "Marking scheme",
  language: "Both",
  year: 2027,
};

const CBSE_MS_XII: DemoLink = {
  title: "CBSE Class XII marking schemes 2026-27 (official index: the scheme is next to each sample paper)",
  url: CBSE_SQP_XII.url,
  type: "Marking scheme",
  language: "Both",
  year: 2027,
};

const CBSE_PREVIOUS_PAPERS: DemoLink = {
  title: "CBSE previous years' board question papers (official archive: choose year, class and subject)",
  url: "https://www.cbse.gov.in/cbsenew/question-paper.html",
  type: "Previous year paper",
  language: "Both",
};

const CBSE_CURRICULUM: DemoLink = {
  title: "CBSE curriculum 2026-27, every subject's syllabus (official)",
  url: "https://cbseacademic.nic.in/curriculum_2027.html",
  type: "Syllabus",
  language: "Both",
  year: 2027,
};

const DIKSHA: DemoLink = {
  title: "DIKSHA: free NCERT-linked lessons and videos (Government of India)",
  url: "https://diksha.gov.in/",
  type: "Video",
  language: "Both",
};

const NCERT_YOUTUBE: DemoLink = {
  title: "NCERT Official YouTube channel (video lessons)",
  url: "https://www.youtube.com/@NCERTOFFICIAL",
  type: "Video",
  language: "Both",
};

const EPATHSHALA: DemoLink = {
  title: "e-Pathshala: NCERT e-books, audio and video (official)",
  url: "https://epathshala.nic.in/",
  type: "Textbook",
  language: "Both",
};

const EPATHSHALA_HINDI: DemoLink = {
  title: "ई-पाठशाला: NCERT की ई-पुस्तकें, ऑडियो और वीडियो, हिंदी माध्यम में भी (आधिकारिक)",
  url: "https://epathshala.nic.in/",
  type: "Textbook",
  language: "Hindi",
};

const KHAN_MATH: DemoLink = {
  title: "Khan Academy Math: free lessons and practice (search for this topic)",
  url: "https://www.khanacademy.org/math",
  type: "Video",
  language: "English",
};

const KHAN_PHYSICS: DemoLink = {
  title: "Khan Academy Physics: free video lessons (general course, not NCERT-specific)",
  url: "https://www.khanacademy.org/science/physics",
  type: "Video",
  language: "English",
};

const KHAN_CHEMISTRY: DemoLink = {
  title: "Khan Academy Chemistry: free video lessons (general course, not NCERT-specific)",
  url: "https://www.khanacademy.org/science/chemistry",
  type: "Video",
  language: "English",
};

const KHAN_BIOLOGY: DemoLink = {
  title: "Khan Academy Biology: free video lessons (general course, not NCERT-specific)",
  url: "https://www.khanacademy.org/science/biology",
  type: "Video",
  language: "English",
};

/**
 * One chapter of an NCERT book as the official PDF: the book's code and the chapter number make the
 * address (jesc1 + 9 → jesc109.pdf). Only codes whose chapters are known are used: a new edition
 * renumbers them (Class 9's books of 2026-27 reuse their codes, so no Class 9 PDF is linked here).
 */
function ncertPdf(code: string, chapter: number, title: string, language: "English" | "Hindi"): DemoLink {
  return {
    title,
    url: `https://ncert.nic.in/textbook/pdf/${code}${String(chapter).padStart(2, "0")}.pdf`,
    type: "Textbook",
    language,
  };
}

/** Why a chapter dropped in NCERT's rationalisation is still listed: where it was, what happened. */
function dropped(where: string): DemoChapter["syllabus"] {
  return {
    status: "Not in syllabus",
    whatChanged: `${where} Dropped in NCERT's rationalisation of the textbooks (the editions marked "Rationalised 2023-24") and not in the CBSE syllabus since.`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Our own notes
// ---------------------------------------------------------------------------------------------------

const NOTE_9_NUMBER_SYSTEMS = `<h3>Key ideas</h3>
<p>A <strong>rational number</strong> can be written as p/q, where p and q are integers and q ≠ 0. An <strong>irrational number</strong> cannot be written in this form (for example √2, √3 and π). Rational and irrational numbers together form the <strong>real numbers</strong>.</p>
<h3>Decimal expansions</h3>
<ul>
<li>Rational numbers have decimals that either <strong>terminate</strong> (7/8 = 0.875) or are <strong>non-terminating and recurring</strong> (1/7 = 0.142857142857...).</li>
<li>Irrational numbers have decimals that are <strong>non-terminating and non-recurring</strong> (√2 = 1.41421356...).</li>
<li>To write 0.333... as p/q: let x = 0.333..., then 10x = 3.333..., so 9x = 3 and x = 1/3.</li>
</ul>
<h3>Useful identities (a, b positive real numbers)</h3>
<ul>
<li>√(ab) = √a × √b and √(a/b) = √a / √b</li>
<li>(√a + √b)(√a − √b) = a − b</li>
<li>(a + √b)(a − √b) = a² − b</li>
<li>(√a + √b)² = a + 2√(ab) + b</li>
</ul>
<p><strong>Rationalising the denominator:</strong> multiply top and bottom by the conjugate. Example: 1/(√7 − √6) = (√7 + √6)/(7 − 6) = √7 + √6.</p>
<h3>Laws of exponents (a, b > 0; p, q rational)</h3>
<ul>
<li>a^p × a^q = a^(p + q); a^p ÷ a^q = a^(p − q); (a^p)^q = a^(pq); a^p × b^p = (ab)^p</li>
<li>a^(m/n) = (n-th root of a)^m, so 8^(2/3) = (cube root of 8)² = 4</li>
</ul>
<h3>Common mistakes</h3>
<ul>
<li>Two irrationals can add or multiply to a rational: √2 + (−√2) = 0 and √2 × √2 = 2.</li>
<li>A rational plus an irrational is always irrational, and so is a non-zero rational times an irrational (2 + √3, 5√2).</li>
<li>√(a + b) is <em>not</em> √a + √b: √(9 + 16) = 5, but √9 + √16 = 7.</li>
</ul>`;

const NOTE_9_MATTER = `<h3>What matter is made of</h3>
<p>Matter is anything that has mass and occupies space. It is made of very small particles that:</p>
<ul>
<li>have <strong>spaces</strong> between them (sugar dissolves in water without raising the level much);</li>
<li>are <strong>continuously moving</strong>, faster at higher temperature;</li>
<li><strong>attract</strong> each other; the attraction is strongest in solids and weakest in gases.</li>
</ul>
<p><strong>Diffusion</strong> is the intermixing of particles of two substances on their own. It is fastest in gases and speeds up when temperature rises.</p>
<h3>Three states</h3>
<ul>
<li><strong>Solid:</strong> definite shape and volume, rigid, almost incompressible.</li>
<li><strong>Liquid:</strong> definite volume, takes the shape of its container, flows.</li>
<li><strong>Gas:</strong> no fixed shape or volume, highly compressible, fills its container.</li>
</ul>
<h3>Change of state</h3>
<ul>
<li>Melting point of ice: 273.15 K (0 °C). Boiling point of water: 373.15 K (100 °C) at normal atmospheric pressure. Kelvin = °C + 273 (273.15 exactly).</li>
<li>During melting or boiling the temperature stays constant: the heat supplied, the <strong>latent heat</strong> (of fusion or of vaporisation), is used to overcome the attraction between particles.</li>
<li><strong>Sublimation:</strong> solid to gas directly (camphor, ammonium chloride, naphthalene). Gas to solid directly is <strong>deposition</strong>.</li>
<li>Raising pressure and lowering temperature can liquefy a gas. Solid carbon dioxide (dry ice) turns straight into gas at 1 atmosphere.</li>
</ul>
<h3>Evaporation</h3>
<p>Evaporation is a <strong>surface</strong> change from liquid to vapour below the boiling point. It increases with surface area, temperature and wind speed, and decreases with humidity. It causes <strong>cooling</strong>: sweat cools the body, and water in an earthen pot stays cool.</p>
<h3>Exam tips</h3>
<ul>
<li>Evaporation happens at the surface at any temperature; boiling happens throughout the liquid at one fixed temperature.</li>
<li>Always write temperatures in kelvin when a question asks for the SI unit.</li>
</ul>`;

const NOTE_9_MOTION = `<h3>Describing motion</h3>
<ul>
<li><strong>Distance</strong> is the total path length (a scalar). <strong>Displacement</strong> is the shortest distance from the initial to the final position, with direction (a vector). After one full lap of a track, displacement is zero but distance is not.</li>
<li><strong>Speed</strong> = distance ÷ time; <strong>velocity</strong> = displacement ÷ time. SI unit: m/s. Average speed = total distance ÷ total time.</li>
<li>For uniformly changing velocity, average velocity = (u + v)/2.</li>
<li><strong>Acceleration</strong> a = (v − u)/t, in m/s². A negative acceleration (retardation) means the object is slowing down.</li>
</ul>
<h3>Graphs</h3>
<ul>
<li>Slope of a distance–time graph = speed. A straight line means uniform motion.</li>
<li>Slope of a velocity–time graph = acceleration.</li>
<li>Area under a velocity–time graph = displacement.</li>
</ul>
<h3>Equations of uniformly accelerated motion</h3>
<ol>
<li>v = u + at</li>
<li>s = ut + ½at²</li>
<li>2as = v² − u²</li>
</ol>
<p>Worked example: a car starts from rest (u = 0) and accelerates at 2 m/s² for 5 s. Then v = 0 + 2 × 5 = 10 m/s and s = ½ × 2 × 5² = 25 m.</p>
<h3>Uniform circular motion</h3>
<p>An object moving in a circle at constant speed is <strong>accelerated</strong>, because the direction of its velocity changes all the time. Speed v = 2πr/t, where t is the time for one round.</p>
<h3>Common mistakes</h3>
<ul>
<li>Mixing units: convert km/h to m/s by multiplying by 5/18 (72 km/h = 20 m/s).</li>
<li>Forgetting that u = 0 when a body "starts from rest" and v = 0 when it "comes to rest".</li>
<li>Giving a sign to distance: distance and speed are never negative.</li>
</ul>`;

const NOTE_10_REAL_NUMBERS = `<h3>Fundamental Theorem of Arithmetic</h3>
<p>Every composite number can be written as a product of primes, and this factorisation is <strong>unique</strong> apart from the order of the factors. Example: 140 = 2² × 5 × 7.</p>
<h3>HCF and LCM by prime factorisation</h3>
<ul>
<li><strong>HCF</strong> = product of the <em>smallest</em> power of each <em>common</em> prime factor.</li>
<li><strong>LCM</strong> = product of the <em>greatest</em> power of <em>every</em> prime factor involved.</li>
<li>For two positive integers: HCF(a, b) × LCM(a, b) = a × b. This does not hold for three numbers in general.</li>
</ul>
<p>Example: 6 = 2 × 3 and 20 = 2² × 5, so HCF = 2 and LCM = 2² × 3 × 5 = 60. Check: 2 × 60 = 120 = 6 × 20.</p>
<h3>Irrational numbers</h3>
<p>Key theorem: if a prime p divides a², then p divides a, where a is a positive integer.</p>
<p><strong>Proof that √2 is irrational</strong> (by contradiction): suppose √2 = a/b, where a and b are coprime integers. Then 2b² = a², so 2 divides a², hence 2 divides a. Write a = 2c; then b² = 2c², so 2 divides b as well. Now 2 is a common factor of a and b, which contradicts their being coprime. So √2 is irrational.</p>
<ul>
<li>The sum or difference of a rational and an irrational number is irrational (5 − √3).</li>
<li>The product or quotient of a non-zero rational and an irrational number is irrational (3√2).</li>
</ul>
<h3>Typical question</h3>
<p>Can 6^n end with the digit 0 for some natural number n? A number ending in 0 is divisible by 10, so its prime factorisation contains 5. But 6^n = 2^n × 3^n contains no 5, and the factorisation is unique, so 6^n never ends in 0.</p>
<h3>Common mistakes</h3>
<ul>
<li>Calling 1 a prime number: it is neither prime nor composite.</li>
<li>Leaving out the word "coprime" in the irrationality proof; the contradiction depends on it.</li>
</ul>`;

const NOTE_10_CHEMICAL_REACTIONS = `<h3>Recognising a chemical reaction</h3>
<p>Signs of a chemical change: a change in state, a change in colour, a gas given off, or a change in temperature.</p>
<h3>Balanced equations</h3>
<p>By the law of conservation of mass, each element must have the same number of atoms on both sides. Balance by changing <strong>coefficients only</strong>, never the formulae. Add state symbols (s), (l), (g), (aq) and conditions such as heat or sunlight.</p>
<p>Example: 3Fe(s) + 4H₂O(g) → Fe₃O₄(s) + 4H₂(g)</p>
<h3>Types of reactions</h3>
<ul>
<li><strong>Combination:</strong> CaO(s) + H₂O(l) → Ca(OH)₂(aq) + heat (quicklime to slaked lime, exothermic). Also 2Mg + O₂ → 2MgO.</li>
<li><strong>Decomposition</strong> (usually endothermic):
<ul>
<li>by heat: 2FeSO₄(s) → Fe₂O₃(s) + SO₂(g) + SO₃(g); CaCO₃(s) → CaO(s) + CO₂(g)</li>
<li>by electricity: 2H₂O(l) → 2H₂(g) + O₂(g)</li>
<li>by light: 2AgCl(s) → 2Ag(s) + Cl₂(g) in sunlight (used in black-and-white photography)</li>
</ul></li>
<li><strong>Displacement:</strong> Fe(s) + CuSO₄(aq) → FeSO₄(aq) + Cu(s). A more reactive metal displaces a less reactive one; the blue solution turns pale green.</li>
<li><strong>Double displacement:</strong> Na₂SO₄(aq) + BaCl₂(aq) → BaSO₄(s) + 2NaCl(aq). The insoluble white BaSO₄ is a precipitate.</li>
<li><strong>Oxidation and reduction:</strong> oxidation is gain of oxygen or loss of hydrogen; reduction is loss of oxygen or gain of hydrogen. In CuO + H₂ → Cu + H₂O (on heating), CuO is reduced and H₂ is oxidised. Reactions with both are <strong>redox</strong> reactions.</li>
</ul>
<p>Respiration is exothermic: C₆H₁₂O₆ + 6O₂ → 6CO₂ + 6H₂O + energy.</p>
<h3>Exam tips</h3>
<ul>
<li>Learn one example of each type with its observation (colour change, gas, precipitate).</li>
<li>In a redox reaction, name both the substance oxidised and the substance reduced.</li>
</ul>`;

const NOTE_10_LIGHT = `<h3>Reflection and spherical mirrors</h3>
<ul>
<li>Laws of reflection: angle of incidence = angle of reflection; the incident ray, the normal and the reflected ray lie in one plane.</li>
<li>Radius of curvature R = 2f.</li>
<li><strong>New Cartesian sign convention:</strong> the object is placed to the left; distances are measured from the pole (or optical centre); distances along the incident light are positive, against it negative; heights above the axis are positive. So u is always negative, f is negative for a concave mirror and positive for a convex mirror.</li>
<li>Mirror formula: 1/v + 1/u = 1/f. Magnification m = h′/h = −v/u.</li>
<li>m negative: real and inverted image. m positive: virtual and erect image.</li>
<li>Uses: concave mirrors in torches, shaving mirrors and solar furnaces; convex mirrors as rear-view mirrors (erect, diminished image, wider view).</li>
</ul>
<h3>Refraction</h3>
<ul>
<li>Light bends when it passes into another medium because its speed changes. In a glass slab the emergent ray is parallel to the incident ray, shifted sideways.</li>
<li>Snell's law: sin i / sin r = constant = refractive index of the second medium with respect to the first.</li>
<li>Absolute refractive index n = c/v (speed of light in vacuum ÷ speed in the medium). Water ≈ 1.33, crown glass ≈ 1.52.</li>
</ul>
<h3>Lenses</h3>
<ul>
<li>Lens formula: 1/v − 1/u = 1/f. Magnification m = h′/h = v/u.</li>
<li>f is positive for a convex lens and negative for a concave lens.</li>
<li>Power P = 1/f with f in metres; unit dioptre (D). For lenses in contact, P = P₁ + P₂ + ...</li>
</ul>
<p>Worked example: convex lens, f = +10 cm, object at u = −15 cm. 1/v = 1/f + 1/u = 1/10 − 1/15 = 1/30, so v = +30 cm (real image), and m = v/u = −2 (inverted, twice the size).</p>
<h3>Common mistakes</h3>
<ul>
<li>Dropping the minus sign of u.</li>
<li>Using centimetres in P = 1/f: a lens of f = 50 cm has P = 1/0.5 = +2 D.</li>
<li>Mixing the formulas: mirror has "+" (1/v + 1/u), lens has "−" (1/v − 1/u).</li>
</ul>`;

const NOTE_10_ELECTRICITY = `<h3>Current and potential difference</h3>
<ul>
<li>Current I = Q/t; 1 ampere = 1 coulomb per second. Charge of an electron = 1.6 × 10⁻¹⁹ C. Conventional current flows opposite to the flow of electrons.</li>
<li>Potential difference V = W/Q; 1 volt = 1 joule per coulomb.</li>
<li>An ammeter is connected in <strong>series</strong>, a voltmeter in <strong>parallel</strong>.</li>
</ul>
<h3>Ohm's law and resistance</h3>
<ul>
<li>V = IR, provided the temperature stays the same. Unit of resistance: ohm (Ω).</li>
<li>R = ρL/A: resistance is proportional to length and inversely proportional to area of cross-section. Resistivity ρ (Ω m) depends on the material and temperature, not on the wire's size.</li>
<li>Alloys such as nichrome have high resistivity and do not oxidise readily, so they are used in heating elements.</li>
</ul>
<h3>Combinations</h3>
<ul>
<li><strong>Series:</strong> R = R₁ + R₂ + R₃; the same current flows through each resistor.</li>
<li><strong>Parallel:</strong> 1/R = 1/R₁ + 1/R₂ + 1/R₃; the same potential difference across each; the total is less than the smallest resistance. Household appliances are connected in parallel.</li>
<li>Two 6 Ω resistors: 12 Ω in series, 3 Ω in parallel.</li>
</ul>
<h3>Heating effect and power</h3>
<ul>
<li>Joule's law of heating: H = I²Rt. Used in electric irons, toasters, bulbs and fuses.</li>
<li>Power P = VI = I²R = V²/R; 1 watt = 1 joule per second.</li>
<li>Commercial unit of energy: 1 kWh = 3.6 × 10⁶ J. A 100 W bulb used for 10 hours uses 1 kWh (one "unit").</li>
</ul>
<h3>Common mistakes</h3>
<ul>
<li>A wire stretched to twice its length has half the area, so its resistance becomes <strong>four</strong> times, not two.</li>
<li>Energy in kWh needs power in kW and time in hours.</li>
<li>Adding resistances directly when they are in parallel.</li>
</ul>`;

const NOTE_11_UNITS = `<h3>SI base units</h3>
<p>The seven base quantities and their SI units: length – metre (m); mass – kilogram (kg); time – second (s); electric current – ampere (A); thermodynamic temperature – kelvin (K); amount of substance – mole (mol); luminous intensity – candela (cd). All other units are <strong>derived</strong>, for example newton = kg m s⁻².</p>
<h3>Significant figures</h3>
<ul>
<li>All non-zero digits are significant; zeros between non-zero digits are significant (2.308 has 4).</li>
<li>Leading zeros are not significant (0.00340 has 3: 3, 4 and the final 0).</li>
<li>Trailing zeros after a decimal point are significant (3.500 has 4). Trailing zeros in a whole number are ambiguous, so use scientific notation: 4.70 × 10³ m has 3.</li>
<li>Multiplication and division: keep as many significant figures as the <em>least</em> precise value. 4.237 g ÷ 2.51 cm³ = 1.69 g cm⁻³.</li>
<li>Addition and subtraction: keep as many <em>decimal places</em> as the least precise value. 436.32 + 227.2 + 0.301 = 663.8.</li>
</ul>
<h3>Dimensions</h3>
<ul>
<li>Dimensional formulae: force [M L T⁻²], work and energy [M L² T⁻²], power [M L² T⁻³], pressure [M L⁻¹ T⁻²].</li>
<li><strong>Principle of homogeneity:</strong> every term of a correct equation has the same dimensions. Check v² = u² + 2as: each term is [L² T⁻²].</li>
<li>Deriving a relation: if the period of a pendulum depends on length l, g and mass m, T = k l^x g^y m^z gives x = ½, y = −½, z = 0, so T = k√(l/g).</li>
</ul>
<h3>Limits and tips</h3>
<ul>
<li>A dimensionally correct equation can still be wrong: dimensionless constants (½, 2π) cannot be checked this way.</li>
<li>Write the dimensions of every term before comparing; most errors come from a missing power of T.</li>
</ul>`;

const NOTE_11_SETS = `<h3>Basics</h3>
<ul>
<li>A <strong>set</strong> is a well-defined collection of objects. Roster form: {1, 2, 3}. Set-builder form: {x : x is a natural number, x &lt; 4}.</li>
<li>The <strong>empty set</strong> φ has no elements. Sets are finite or infinite.</li>
<li>Equal sets have exactly the same elements; order and repetition do not matter: {1, 2, 2} = {2, 1}.</li>
</ul>
<h3>Subsets and power set</h3>
<ul>
<li>A ⊂ B if every element of A is also in B. Every set is a subset of itself, and φ is a subset of every set.</li>
<li>A set with n elements has 2^n subsets, so its power set P(A) has 2^n elements.</li>
<li>Intervals are subsets of R: (a, b) = {x : a &lt; x &lt; b}; [a, b] = {x : a ≤ x ≤ b}; [a, b) and (a, b] include one end only.</li>
</ul>
<h3>Operations</h3>
<ul>
<li>Union A ∪ B, intersection A ∩ B, difference A − B = {x : x ∈ A and x ∉ B}, complement A′ = U − A, where U is the universal set.</li>
<li>Disjoint sets: A ∩ B = φ.</li>
<li>Distributive laws: A ∪ (B ∩ C) = (A ∪ B) ∩ (A ∪ C) and A ∩ (B ∪ C) = (A ∩ B) ∪ (A ∩ C).</li>
<li>De Morgan's laws: (A ∪ B)′ = A′ ∩ B′ and (A ∩ B)′ = A′ ∪ B′.</li>
<li>For finite sets: n(A ∪ B) = n(A) + n(B) − n(A ∩ B).</li>
</ul>
<p>Example: A = {1, 2, 3, 4}, B = {3, 4, 5}. A ∪ B = {1, 2, 3, 4, 5}, A ∩ B = {3, 4}, A − B = {1, 2}, B − A = {5}.</p>
<h3>Common mistakes</h3>
<ul>
<li>Mixing ∈ and ⊂: 1 ∈ {1, 2} but {1} ⊂ {1, 2}.</li>
<li>{0} is not empty: it has one element. Likewise {φ} is not φ.</li>
<li>Check Venn-diagram answers by counting each region once.</li>
</ul>`;

const NOTE_11_BASIC_CHEMISTRY = `<h3>Laws of chemical combination</h3>
<ul>
<li><strong>Conservation of mass</strong> (Lavoisier): matter is neither created nor destroyed in a reaction.</li>
<li><strong>Definite proportions</strong> (Proust): a compound always contains the same elements in the same proportion by mass.</li>
<li><strong>Multiple proportions</strong> (Dalton): when two elements form more than one compound, the masses of one that combine with a fixed mass of the other are in a simple whole-number ratio.</li>
<li><strong>Gay Lussac's law:</strong> gases combine in simple volume ratios at the same temperature and pressure.</li>
<li><strong>Avogadro's law:</strong> equal volumes of gases at the same temperature and pressure contain equal numbers of molecules.</li>
</ul>
<h3>Atomic mass and the mole</h3>
<ul>
<li>1 u = 1/12 of the mass of one carbon-12 atom. Molecular mass of H₂O = 2(1.008) + 16.00 = 18.02 u.</li>
<li>One <strong>mole</strong> contains exactly 6.02214076 × 10²³ entities (the Avogadro constant, NA).</li>
<li>Molar mass in g mol⁻¹ is numerically equal to the atomic or molecular mass in u. Moles n = mass ÷ molar mass.</li>
<li><strong>Empirical formula</strong> = simplest whole-number ratio of atoms; molecular formula = n × empirical formula. Glucose: C₆H₁₂O₆, empirical formula CH₂O.</li>
<li>The <strong>limiting reagent</strong> is the reactant used up first; it decides how much product forms.</li>
</ul>
<h3>Concentration</h3>
<ul>
<li>Mass per cent = mass of solute ÷ mass of solution × 100.</li>
<li>Mole fraction x(A) = n(A) ÷ [n(A) + n(B)].</li>
<li><strong>Molarity</strong> M = moles of solute ÷ volume of <em>solution</em> in litres. Example: 4 g NaOH (0.1 mol) in 250 mL of solution is 0.1 ÷ 0.25 = 0.4 M.</li>
<li><strong>Molality</strong> m = moles of solute ÷ mass of <em>solvent</em> in kg. Molality does not change with temperature; molarity does.</li>
</ul>
<h3>Common mistakes</h3>
<ul>
<li>Using the volume of solvent instead of solution for molarity.</li>
<li>Not finding the limiting reagent before calculating the amount of product.</li>
</ul>`;

const NOTE_12_ELECTRIC_CHARGES = `<h3>Electric charge</h3>
<ul>
<li><strong>Quantisation:</strong> q = ne, where e = 1.6 × 10⁻¹⁹ C and n is an integer.</li>
<li>Charge is <strong>conserved</strong> and <strong>additive</strong> (total charge is the algebraic sum).</li>
</ul>
<h3>Coulomb's law and superposition</h3>
<ul>
<li>F = k q₁q₂ / r², with k = 1/(4πε₀) ≈ 9 × 10⁹ N m² C⁻² and ε₀ = 8.854 × 10⁻¹² C² N⁻¹ m⁻².</li>
<li>The force on one charge due to several others is the <strong>vector sum</strong> of the individual forces.</li>
</ul>
<h3>Electric field</h3>
<ul>
<li>E = F/q₀; for a point charge E = kq/r², pointing away from a positive charge.</li>
<li>Field lines start on positive and end on negative charges, never cross, and do not form closed loops in electrostatics.</li>
<li><strong>Dipole moment</strong> p = q × 2a, directed from −q to +q.</li>
<li>Far from a dipole (r ≫ a): on the axis E = 2kp/r³ along p; on the equatorial line E = kp/r³ opposite to p.</li>
<li>In a uniform field a dipole feels no net force but a torque τ = p × E, of magnitude pE sin θ.</li>
</ul>
<h3>Gauss's law</h3>
<ul>
<li>Flux Φ = E · ΔS = E ΔS cos θ (unit N m² C⁻¹).</li>
<li>Total flux through a closed surface = q(enclosed) / ε₀.</li>
<li>Infinite line charge: E = λ / (2πε₀r). Infinite plane sheet: E = σ / (2ε₀), independent of distance.</li>
<li>Thin spherical shell: outside E = kq/r² (as if all charge were at the centre); inside E = 0.</li>
</ul>
<h3>Exam tips</h3>
<ul>
<li>Draw a diagram and resolve forces or fields into components before adding them.</li>
<li>Charges outside a Gaussian surface change the field on it but not the net flux through it.</li>
<li>Convert μC and nC to coulombs (10⁻⁶ and 10⁻⁹) before substituting.</li>
</ul>`;

const NOTE_12_RELATIONS_FUNCTIONS = `<h3>Relations</h3>
<p>A relation R on a set A is a subset of A × A. The <strong>empty relation</strong> (R = φ) and the <strong>universal relation</strong> (R = A × A) are the two trivial cases.</p>
<ul>
<li><strong>Reflexive:</strong> (a, a) ∈ R for every a in A.</li>
<li><strong>Symmetric:</strong> (a, b) ∈ R implies (b, a) ∈ R.</li>
<li><strong>Transitive:</strong> (a, b) ∈ R and (b, c) ∈ R imply (a, c) ∈ R.</li>
<li><strong>Equivalence relation:</strong> reflexive, symmetric and transitive. It splits A into disjoint <strong>equivalence classes</strong>.</li>
</ul>
<p>Example: on the integers, R = {(a, b) : a − b is divisible by 2} is an equivalence relation with two classes, the even integers and the odd integers.</p>
<h3>Types of functions</h3>
<ul>
<li><strong>One-one (injective):</strong> f(x₁) = f(x₂) implies x₁ = x₂.</li>
<li><strong>Onto (surjective):</strong> every element of the codomain has a pre-image (range = codomain).</li>
<li><strong>Bijective:</strong> both one-one and onto.</li>
</ul>
<h3>Standard examples</h3>
<ul>
<li>f: N → N, f(x) = 2x is one-one but not onto (odd numbers have no pre-image).</li>
<li>f: R → R, f(x) = 2x + 3 is bijective.</li>
<li>f: R → R, f(x) = x² is neither: f(−1) = f(1), and negative numbers have no pre-image.</li>
<li>For a finite set A, a function f: A → A is one-one if and only if it is onto.</li>
</ul>
<h3>Counting results</h3>
<ul>
<li>If A has n elements, there are 2^(n²) relations on A.</li>
<li>The number of one-one functions from A to itself is n!.</li>
</ul>
<h3>Exam tips</h3>
<ul>
<li>To show a property fails, one counterexample is enough; to prove it, argue for arbitrary elements.</li>
<li>Always state the domain and codomain: whether f(x) = x² is one-one depends on them.</li>
</ul>`;

const NOTE_12_SOLUTIONS = `<h3>Expressing concentration</h3>
<ul>
<li>Mass percentage, parts per million (ppm), mole fraction.</li>
<li><strong>Molarity</strong> (M) = moles of solute per litre of solution; it changes with temperature.</li>
<li><strong>Molality</strong> (m) = moles of solute per kilogram of solvent; it does not depend on temperature.</li>
</ul>
<h3>Henry's law and Raoult's law</h3>
<ul>
<li><strong>Henry's law:</strong> p = KH x. The partial pressure of a gas over a solution is proportional to its mole fraction in the solution. A larger KH means lower solubility. Soft-drink bottles are sealed under high CO₂ pressure; deep-sea divers risk "the bends".</li>
<li><strong>Raoult's law</strong> (volatile liquids): p₁ = p₁° x₁, and total pressure p = p₁° x₁ + p₂° x₂.</li>
<li><strong>Ideal solutions</strong> obey Raoult's law at all compositions, with ΔmixH = 0 and ΔmixV = 0 (for example n-hexane + n-heptane, benzene + toluene).</li>
<li><strong>Positive deviation</strong>: A–B attractions weaker than A–A and B–B (ethanol + acetone). <strong>Negative deviation</strong>: A–B attractions stronger (chloroform + acetone, which hydrogen-bond).</li>
<li>Azeotropes boil at constant composition: about 95% ethanol by volume with water is a minimum-boiling azeotrope; about 68% nitric acid by mass with water is a maximum-boiling one.</li>
</ul>
<h3>Colligative properties</h3>
<p>They depend on the <strong>number</strong> of solute particles, not their nature.</p>
<ul>
<li>Relative lowering of vapour pressure: (p₁° − p₁)/p₁° = x₂.</li>
<li>Elevation of boiling point: ΔTb = Kb × m.</li>
<li>Depression of freezing point: ΔTf = Kf × m.</li>
<li>Osmotic pressure: π = CRT (C in mol L⁻¹, T in kelvin); preferred for proteins and polymers. Reverse osmosis is used to desalinate sea water.</li>
</ul>
<h3>van't Hoff factor</h3>
<p>i = normal molar mass ÷ abnormal (observed) molar mass. Dissociation gives i &gt; 1 (NaCl, i close to 2); association gives i &lt; 1 (ethanoic acid in benzene, i close to 0.5). Modified form: ΔTf = i × Kf × m.</p>
<h3>Common mistakes</h3>
<ul>
<li>Using molarity instead of molality in ΔTb and ΔTf.</li>
<li>Forgetting i for electrolytes, or leaving temperature in °C in π = CRT.</li>
</ul>`;

const NOTE_12_INHERITANCE = `<h3>Mendel's laws</h3>
<ul>
<li>Mendel worked with the garden pea and seven pairs of contrasting traits.</li>
<li><strong>Monohybrid cross</strong> TT × tt: F₁ all Tt (tall). F₂ phenotypic ratio 3 : 1, genotypic ratio 1 : 2 : 1.</li>
<li><strong>Law of dominance:</strong> in a heterozygote one allele (dominant) expresses itself over the other (recessive).</li>
<li><strong>Law of segregation:</strong> the two alleles separate during gamete formation, so each gamete gets one.</li>
<li><strong>Dihybrid cross</strong> gives an F₂ ratio of 9 : 3 : 3 : 1, which led to the <strong>law of independent assortment</strong>.</li>
<li><strong>Test cross:</strong> cross with the homozygous recessive; a 1 : 1 ratio shows the parent was heterozygous.</li>
</ul>
<h3>Beyond simple dominance</h3>
<ul>
<li><strong>Incomplete dominance:</strong> snapdragon flower colour; F₂ is 1 red : 2 pink : 1 white (phenotype and genotype ratios are the same).</li>
<li><strong>Co-dominance and multiple alleles:</strong> ABO blood groups. Alleles I^A, I^B and i give six genotypes; I^A I^B shows both A and B (group AB).</li>
<li><strong>Polygenic inheritance:</strong> human skin colour. <strong>Pleiotropy:</strong> one gene, many effects (phenylketonuria).</li>
</ul>
<h3>Chromosomes and sex determination</h3>
<ul>
<li>Chromosomal theory of inheritance: Sutton and Boveri. Morgan's work on <em>Drosophila</em> showed <strong>linkage</strong> and recombination.</li>
<li>Humans XX–XY (male heterogametic); grasshopper XO; birds ZW (female heterogametic).</li>
</ul>
<h3>Genetic disorders</h3>
<ul>
<li>Mendelian: haemophilia and colour blindness (X-linked recessive); sickle-cell anaemia, phenylketonuria and thalassemia (autosomal recessive).</li>
<li>Chromosomal: Down's syndrome (trisomy of chromosome 21), Klinefelter's syndrome (XXY), Turner's syndrome (XO).</li>
</ul>
<h3>Exam tips</h3>
<ul>
<li>Draw a Punnett square for every cross and write both ratios.</li>
<li>In pedigree questions, first decide whether the trait is dominant or recessive, then autosomal or X-linked.</li>
</ul>`;

// ---------------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------------

export const demoCatalogue: Record<Grade, DemoSubject[]> = {
  9: [
    {
      code: "mathematics",
      label: "Mathematics",
      chapters: [
        {
          title: "Number Systems",
          notes: [NCERT_TEXTBOOKS],
          questions: [NCERT_EXEMPLAR],
          lectures: [KHAN_MATH],
          official: [CBSE_CURRICULUM],
          noteHtml: NOTE_9_NUMBER_SYSTEMS,
          seoDescription:
            "Class 9 Number Systems notes: rational and irrational numbers, decimal expansions, rationalising the denominator and laws of exponents.",
          keywords: [
            "class 9 maths",
            "number systems",
            "irrational numbers",
            "rationalisation",
            "laws of exponents",
          ],
        },
        { title: "Polynomials" },
        { title: "Coordinate Geometry" },
        { title: "Linear Equations in Two Variables" },
        { title: "Introduction to Euclid's Geometry" },
        { title: "Lines and Angles" },
        { title: "Triangles" },
        { title: "Quadrilaterals" },
        { title: "Circles" },
        { title: "Heron's Formula" },
        { title: "Surface Areas and Volumes" },
        { title: "Statistics", questions: [NCERT_EXEMPLAR] },
        {
          title: "Predicting What Comes Next: Exploring Sequences and Progressions",
          book: "Ganita Manjari",
          chapterNumber: 8,
          notes: [NCERT_TEXTBOOKS],
          official: [CBSE_CURRICULUM],
          syllabus: {
            status: "New this session",
            whatChanged:
              "New in 2026-27: chapter 8 of Ganita Manjari, NCERT's new Class 9 mathematics book. Arithmetic progressions were first taught in Class 10 before; this chapter also covers geometric progressions.",
          },
        },
      ],
    },
    {
      code: "science",
      label: "Science",
      chapters: [
        {
          title: "Matter in Our Surroundings",
          notes: [NCERT_TEXTBOOKS],
          questions: [NCERT_EXEMPLAR],
          lectures: [DIKSHA],
          noteHtml: NOTE_9_MATTER,
          seoDescription:
            "Class 9 Matter in Our Surroundings notes: particles of matter, states of matter, latent heat, sublimation and evaporation.",
          keywords: [
            "class 9 science",
            "matter in our surroundings",
            "states of matter",
            "evaporation",
            "latent heat",
          ],
        },
        { title: "Is Matter Around Us Pure?" },
        { title: "Atoms and Molecules" },
        { title: "Structure of the Atom" },
        { title: "The Fundamental Unit of Life" },
        { title: "Tissues" },
        {
          title: "Motion",
          questions: [NCERT_EXEMPLAR],
          lectures: [KHAN_PHYSICS],
          noteHtml: NOTE_9_MOTION,
          seoDescription:
            "Class 9 Motion notes: distance and displacement, speed, velocity, acceleration, motion graphs and the three equations of motion.",
          keywords: [
            "class 9 science",
            "motion",
            "equations of motion",
            "velocity time graph",
            "acceleration",
          ],
        },
        { title: "Force and Laws of Motion" },
        { title: "Gravitation" },
        { title: "Work and Energy" },
        { title: "Sound" },
        { title: "Improvement in Food Resources" },
        {
          title: "Reproduction: How Life Continues",
          book: "Exploration",
          chapterNumber: 11,
          notes: [NCERT_TEXTBOOKS],
          syllabus: {
            status: "New this session",
            whatChanged:
              "New in 2026-27: chapter 11 of Exploration, NCERT's new Class 9 science book. Reproduction was taught only in Class 10 before (How do Organisms Reproduce?).",
          },
        },
      ],
    },
    {
      // Books in order: India and the Contemporary World – I (History), Contemporary India – I
      // (Geography), Democratic Politics – I (Political Science), Economics.
      code: "social-science",
      label: "Social Science",
      chapters: [
        {
          title: "The French Revolution",
          notes: [NCERT_TEXTBOOKS, NCERT_TEXTBOOKS_HINDI],
          lectures: [EPATHSHALA],
          official: [CBSE_CURRICULUM],
        },
        { title: "Socialism in Europe and the Russian Revolution" },
        { title: "Nazism and the Rise of Hitler" },
        { title: "Forest Society and Colonialism" },
        { title: "Pastoralists in the Modern World" },
        { title: "India – Size and Location" },
        { title: "Physical Features of India" },
        { title: "Drainage" },
        { title: "Climate" },
        { title: "Natural Vegetation and Wildlife" },
        { title: "Population" },
        { title: "What is Democracy? Why Democracy?" },
        { title: "Constitutional Design" },
        { title: "Electoral Politics" },
        { title: "Working of Institutions" },
        { title: "Democratic Rights" },
        { title: "The Story of Village Palampur", notes: [NCERT_TEXTBOOKS] },
        { title: "People as Resource" },
        { title: "Poverty as a Challenge" },
        { title: "Food Security in India" },
      ],
    },
    {
      // Books in order: Beehive (each prose lesson followed by its poem), then Moments.
      code: "english",
      label: "English",
      chapters: [
        { title: "The Fun They Had", notes: [NCERT_TEXTBOOKS], lectures: [EPATHSHALA] },
        { title: "The Road Not Taken" },
        { title: "The Sound of Music" },
        { title: "Wind" },
        { title: "The Little Girl" },
        { title: "Rain on the Roof" },
        { title: "A Truly Beautiful Mind" },
        { title: "The Lake Isle of Innisfree" },
        { title: "The Snake and the Mirror" },
        { title: "A Legend of the Northland" },
        { title: "My Childhood" },
        { title: "No Men Are Foreign" },
        { title: "Reach for the Top" },
        { title: "On Killing a Tree" },
        { title: "Kathmandu" },
        { title: "A Slumber Did My Spirit Seal" },
        { title: "If I Were You" },
        { title: "The Lost Child", notes: [NCERT_TEXTBOOKS] },
        { title: "The Adventures of Toto" },
        { title: "Iswaran the Storyteller" },
        { title: "In the Kingdom of Fools" },
        { title: "The Happy Prince" },
        { title: "The Last Leaf" },
        { title: "A House Is Not a Home" },
        { title: "The Beggar" },
      ],
    },
  ],

  10: [
    {
      code: "mathematics",
      label: "Mathematics",
      chapters: [
        {
          title: "Real Numbers",
          book: "Mathematics",
          chapterNumber: 1,
          questions: [CBSE_SQP_X, NCERT_EXEMPLAR],
          lectures: [KHAN_MATH],
          official: [
            ncertPdf(
              "jemh1",
              1,
              "NCERT Class 10 Mathematics, Chapter 1 Real Numbers (official PDF)",
              "English",
            ),
            ncertPdf(
              "jhmh1",
              1,
              "NCERT कक्षा 10 गणित, अध्याय 1 वास्तविक संख्याएँ (हिंदी माध्यम, आधिकारिक PDF)",
              "Hindi",
            ),
            CBSE_PREVIOUS_PAPERS,
          ],
          noteHtml: NOTE_10_REAL_NUMBERS,
          seoDescription:
            "Class 10 Real Numbers notes: Fundamental Theorem of Arithmetic, HCF and LCM by prime factorisation, and proofs of irrationality.",
          keywords: [
            "class 10 maths",
            "real numbers",
            "fundamental theorem of arithmetic",
            "hcf and lcm",
            "irrational numbers",
          ],
        },
        { title: "Polynomials" },
        { title: "Pair of Linear Equations in Two Variables" },
        {
          title: "Quadratic Equations",
          questions: [CBSE_SQP_X],
          official: [
            ncertPdf(
              "jemh1",
              4,
              "NCERT Class 10 Mathematics, Chapter 4 Quadratic Equations (official PDF)",
              "English",
            ),
          ],
        },
        { title: "Arithmetic Progressions" },
        { title: "Triangles" },
        { title: "Coordinate Geometry" },
        {
          title: "Introduction to Trigonometry",
          questions: [NCERT_EXEMPLAR],
          lectures: [DIKSHA],
          official: [
            ncertPdf(
              "jemh1",
              8,
              "NCERT Class 10 Mathematics, Chapter 8 Introduction to Trigonometry (official PDF)",
              "English",
            ),
            CBSE_MS_X,
          ],
        },
        { title: "Some Applications of Trigonometry" },
        { title: "Circles" },
        {
          title: "Constructions",
          syllabus: dropped(
            "Chapter 11 of the earlier edition, between Circles and Areas Related to Circles.",
          ),
        },
        { title: "Areas Related to Circles" },
        { title: "Surface Areas and Volumes" },
        { title: "Statistics" },
        { title: "Probability", questions: [CBSE_SQP_X] },
      ],
    },
    {
      code: "science",
      label: "Science",
      chapters: [
        {
          title: "Chemical Reactions and Equations",
          book: "Science",
          chapterNumber: 1,
          questions: [CBSE_SQP_X, NCERT_EXEMPLAR],
          lectures: [KHAN_CHEMISTRY],
          official: [
            ncertPdf(
              "jesc1",
              1,
              "NCERT Class 10 Science, Chapter 1 Chemical Reactions and Equations (official PDF)",
              "English",
            ),
            ncertPdf(
              "jhsc1",
              1,
              "NCERT कक्षा 10 विज्ञान, अध्याय 1 रासायनिक अभिक्रियाएँ एवं समीकरण (हिंदी माध्यम, आधिकारिक PDF)",
              "Hindi",
            ),
          ],
          noteHtml: NOTE_10_CHEMICAL_REACTIONS,
          seoDescription:
            "Class 10 Chemical Reactions and Equations notes: balancing equations and the types of reactions with standard examples.",
          keywords: [
            "class 10 science",
            "chemical reactions and equations",
            "balancing equations",
            "types of chemical reactions",
            "redox",
          ],
        },
        { title: "Acids, Bases and Salts" },
        { title: "Metals and Non-metals" },
        { title: "Carbon and its Compounds", notes: [NCERT_TEXTBOOKS_HINDI] },
        {
          title: "Periodic Classification of Elements",
          syllabus: dropped("Chapter 5 of the earlier edition, after Carbon and its Compounds."),
        },
        { title: "Life Processes", lectures: [DIKSHA] },
        { title: "Control and Coordination" },
        { title: "How do Organisms Reproduce?" },
        {
          // The rationalised edition dropped the part on evolution and the title with it.
          title: "Heredity",
          formerTitles: ["Heredity and Evolution"],
          book: "Science",
          chapterNumber: 8,
          official: [
            ncertPdf("jesc1", 8, "NCERT Class 10 Science, Chapter 8 Heredity (official PDF)", "English"),
          ],
        },
        {
          title: "Light – Reflection and Refraction",
          questions: [CBSE_SQP_X, NCERT_EXEMPLAR],
          lectures: [NCERT_YOUTUBE],
          official: [
            ncertPdf(
              "jesc1",
              9,
              "NCERT Class 10 Science, Chapter 9 Light – Reflection and Refraction (official PDF)",
              "English",
            ),
          ],
          noteHtml: NOTE_10_LIGHT,
          seoDescription:
            "Class 10 Light notes: sign convention, mirror and lens formulas, magnification, refractive index and power of a lens.",
          keywords: [
            "class 10 science",
            "light reflection and refraction",
            "mirror formula",
            "lens formula",
            "power of a lens",
          ],
        },
        { title: "The Human Eye and the Colourful World" },
        {
          title: "Electricity",
          questions: [CBSE_SQP_X],
          lectures: [KHAN_PHYSICS],
          official: [
            ncertPdf("jesc1", 11, "NCERT Class 10 Science, Chapter 11 Electricity (official PDF)", "English"),
            CBSE_PREVIOUS_PAPERS,
          ],
          noteHtml: NOTE_10_ELECTRICITY,
          seoDescription:
            "Class 10 Electricity notes: current, potential difference, Ohm's law, resistivity, series and parallel circuits, heating and power.",
          keywords: [
            "class 10 science",
            "electricity",
            "ohm's law",
            "resistance in series and parallel",
            "electric power",
          ],
        },
        { title: "Magnetic Effects of Electric Current" },
        {
          title: "Sources of Energy",
          syllabus: dropped("Chapter 14 of the earlier edition, after Magnetic Effects of Electric Current."),
        },
        { title: "Our Environment" },
        {
          title: "Sustainable Management of Natural Resources",
          syllabus: dropped("Chapter 16, the last of the earlier edition."),
        },
      ],
    },
    {
      // Books in order: India and the Contemporary World – II (History), Contemporary India – II
      // (Geography), Democratic Politics – II (Political Science), Understanding Economic Development.
      code: "social-science",
      label: "Social Science",
      chapters: [
        {
          title: "The Rise of Nationalism in Europe",
          official: [
            ncertPdf(
              "jess3",
              1,
              "NCERT Class 10 History, Chapter 1 The Rise of Nationalism in Europe (official PDF)",
              "English",
            ),
          ],
          questions: [CBSE_SQP_X],
        },
        {
          title: "Nationalism in India",
          official: [
            ncertPdf(
              "jess3",
              2,
              "NCERT Class 10 History, Chapter 2 Nationalism in India (official PDF)",
              "English",
            ),
          ],
          questions: [CBSE_SQP_X],
          lectures: [EPATHSHALA],
        },
        { title: "The Making of a Global World" },
        { title: "The Age of Industrialisation" },
        { title: "Print Culture and the Modern World" },
        {
          title: "Resources and Development",
          official: [
            ncertPdf(
              "jess1",
              1,
              "NCERT Class 10 Geography, Chapter 1 Resources and Development (official PDF)",
              "English",
            ),
          ],
          lectures: [DIKSHA],
        },
        { title: "Forest and Wildlife Resources" },
        { title: "Water Resources" },
        { title: "Agriculture" },
        { title: "Minerals and Energy Resources" },
        { title: "Manufacturing Industries" },
        { title: "Lifelines of National Economy" },
        { title: "Power-sharing", questions: [CBSE_SQP_X] },
        { title: "Federalism" },
        {
          title: "Democracy and Diversity",
          syllabus: dropped(
            "Chapter 3 of Democratic Politics – II before, between Federalism and Gender, Religion and Caste.",
          ),
        },
        { title: "Gender, Religion and Caste" },
        { title: "Political Parties" },
        { title: "Outcomes of Democracy" },
        {
          title: "Challenges to Democracy",
          syllabus: dropped("Chapter 8, the last of Democratic Politics – II before."),
        },
        {
          title: "Development",
          official: [
            ncertPdf("jess2", 1, "NCERT Class 10 Economics, Chapter 1 Development (official PDF)", "English"),
          ],
        },
        { title: "Sectors of the Indian Economy" },
        { title: "Money and Credit" },
        { title: "Globalisation and the Indian Economy" },
        { title: "Consumer Rights" },
      ],
    },
    {
      // Books in order: First Flight (each prose lesson followed by its poems), then Footprints without Feet.
      code: "english",
      label: "English",
      chapters: [
        {
          title: "A Letter to God",
          notes: [NCERT_TEXTBOOKS],
          questions: [CBSE_SQP_X],
          lectures: [EPATHSHALA],
        },
        { title: "Dust of Snow" },
        { title: "Fire and Ice" },
        { title: "Nelson Mandela: Long Walk to Freedom", notes: [NCERT_TEXTBOOKS], questions: [CBSE_SQP_X] },
        { title: "A Tiger in the Zoo" },
        { title: "Two Stories about Flying" },
        { title: "How to Tell Wild Animals" },
        { title: "The Ball Poem" },
        { title: "From the Diary of Anne Frank" },
        { title: "Amanda!" },
        { title: "Glimpses of India" },
        { title: "The Trees" },
        { title: "Mijbil the Otter" },
        { title: "Fog" },
        { title: "Madam Rides the Bus" },
        { title: "The Tale of Custard the Dragon" },
        { title: "The Sermon at Benares" },
        { title: "For Anne Gregory" },
        { title: "The Proposal", questions: [CBSE_SQP_X] },
        { title: "A Triumph of Surgery", notes: [NCERT_TEXTBOOKS], lectures: [DIKSHA] },
        { title: "The Thief's Story" },
        { title: "The Midnight Visitor" },
        { title: "A Question of Trust" },
        { title: "Footprints without Feet" },
        { title: "The Making of a Scientist" },
        { title: "The Necklace" },
        { title: "Bholi" },
        { title: "The Book That Saved the Earth" },
      ],
    },
  ],

  11: [
    {
      // Part I: chapters 1-7; Part II: chapters 8-14.
      code: "physics",
      label: "Physics",
      chapters: [
        {
          title: "Units and Measurement",
          official: [
            ncertPdf(
              "keph1",
              1,
              "NCERT Class 11 Physics Part I, Chapter 1 Units and Measurement (official PDF)",
              "English",
            ),
          ],
          questions: [NCERT_EXEMPLAR],
          lectures: [KHAN_PHYSICS],
          noteHtml: NOTE_11_UNITS,
          seoDescription:
            "Class 11 Units and Measurement notes: SI base units, rules for significant figures, dimensional formulae and dimensional analysis.",
          keywords: [
            "class 11 physics",
            "units and measurement",
            "significant figures",
            "dimensional analysis",
            "si units",
          ],
        },
        { title: "Motion in a Straight Line" },
        { title: "Motion in a Plane" },
        { title: "Laws of Motion", lectures: [KHAN_PHYSICS] },
        { title: "Work, Energy and Power" },
        { title: "System of Particles and Rotational Motion" },
        { title: "Gravitation" },
        { title: "Mechanical Properties of Solids" },
        { title: "Mechanical Properties of Fluids" },
        { title: "Thermal Properties of Matter" },
        { title: "Thermodynamics" },
        { title: "Kinetic Theory" },
        { title: "Oscillations" },
        { title: "Waves" },
      ],
    },
    {
      // Part I: chapters 1-6; Part II: chapters 7-9.
      code: "chemistry",
      label: "Chemistry",
      chapters: [
        {
          title: "Some Basic Concepts of Chemistry",
          official: [
            ncertPdf(
              "kech1",
              1,
              "NCERT Class 11 Chemistry Part I, Chapter 1 Some Basic Concepts of Chemistry (official PDF)",
              "English",
            ),
          ],
          questions: [NCERT_EXEMPLAR],
          lectures: [KHAN_CHEMISTRY],
          noteHtml: NOTE_11_BASIC_CHEMISTRY,
          seoDescription:
            "Class 11 Some Basic Concepts of Chemistry notes: laws of chemical combination, the mole, empirical formula, limiting reagent, molarity and molality.",
          keywords: ["class 11 chemistry", "mole concept", "molarity", "molality", "limiting reagent"],
        },
        { title: "Structure of Atom" },
        { title: "Classification of Elements and Periodicity in Properties" },
        { title: "Chemical Bonding and Molecular Structure" },
        { title: "Thermodynamics" },
        { title: "Equilibrium" },
        { title: "Redox Reactions" },
        { title: "Organic Chemistry – Some Basic Principles and Techniques" },
        { title: "Hydrocarbons" },
      ],
    },
    {
      code: "biology",
      label: "Biology",
      chapters: [
        { title: "The Living World", notes: [NCERT_TEXTBOOKS], lectures: [KHAN_BIOLOGY] },
        { title: "Biological Classification" },
        { title: "Plant Kingdom" },
        { title: "Animal Kingdom" },
        { title: "Morphology of Flowering Plants" },
        { title: "Anatomy of Flowering Plants" },
        { title: "Structural Organisation in Animals" },
        { title: "Cell: The Unit of Life", questions: [NCERT_EXEMPLAR], lectures: [KHAN_BIOLOGY] },
        { title: "Biomolecules" },
        { title: "Cell Cycle and Cell Division" },
        { title: "Photosynthesis in Higher Plants" },
        { title: "Respiration in Plants" },
        { title: "Plant Growth and Development" },
        { title: "Breathing and Exchange of Gases" },
        { title: "Body Fluids and Circulation" },
        { title: "Excretory Products and their Elimination" },
        { title: "Locomotion and Movement" },
        { title: "Neural Control and Coordination" },
        { title: "Chemical Coordination and Integration" },
      ],
    },
    {
      code: "mathematics",
      label: "Mathematics",
      chapters: [
        {
          title: "Sets",
          official: [
            ncertPdf("kemh1", 1, "NCERT Class 11 Mathematics, Chapter 1 Sets (official PDF)", "English"),
          ],
          questions: [NCERT_EXEMPLAR],
          lectures: [KHAN_MATH],
          noteHtml: NOTE_11_SETS,
          seoDescription:
            "Class 11 Sets notes: roster and set-builder forms, subsets and power set, intervals, set operations and De Morgan's laws.",
          keywords: ["class 11 maths", "sets", "power set", "venn diagrams", "de morgan's laws"],
        },
        { title: "Relations and Functions" },
        { title: "Trigonometric Functions" },
        { title: "Complex Numbers and Quadratic Equations" },
        { title: "Linear Inequalities" },
        { title: "Permutations and Combinations" },
        { title: "Binomial Theorem" },
        { title: "Sequences and Series" },
        { title: "Straight Lines" },
        { title: "Conic Sections" },
        { title: "Introduction to Three Dimensional Geometry" },
        { title: "Limits and Derivatives" },
        { title: "Statistics" },
        { title: "Probability" },
      ],
    },
    {
      // Books in order: Hornbill (each prose lesson followed by its poem), then Snapshots.
      code: "english",
      label: "English Core",
      chapters: [
        { title: "The Portrait of a Lady", notes: [NCERT_TEXTBOOKS], lectures: [EPATHSHALA] },
        { title: "A Photograph" },
        { title: "We're Not Afraid to Die... if We Can All Be Together" },
        { title: "The Laburnum Top" },
        { title: "Discovering Tut: the Saga Continues" },
        { title: "The Voice of the Rain" },
        { title: "Childhood" },
        { title: "The Ailing Planet: the Green Movement's Role" },
        { title: "Father to Son" },
        { title: "The Adventure" },
        { title: "Silk Road" },
        { title: "The Summer of the Beautiful White Horse", notes: [NCERT_TEXTBOOKS] },
        { title: "The Address" },
        { title: "Mother's Day" },
        { title: "Birth" },
        { title: "The Tale of Melon City" },
      ],
    },
    {
      // Part I: chapters 1-7; Part II: Financial Statements.
      code: "accountancy",
      label: "Accountancy",
      chapters: [
        {
          title: "Introduction to Accounting",
          book: "Accountancy Part I",
          chapterNumber: 1,
          notes: [NCERT_TEXTBOOKS, NCERT_TEXTBOOKS_HINDI],
          official: [CBSE_CURRICULUM],
        },
        { title: "Theory Base of Accounting", book: "Accountancy Part I", chapterNumber: 2 },
        { title: "Recording of Transactions – I", book: "Accountancy Part I", chapterNumber: 3 },
        { title: "Recording of Transactions – II", book: "Accountancy Part I", chapterNumber: 4 },
        { title: "Bank Reconciliation Statement", book: "Accountancy Part I", chapterNumber: 5 },
        { title: "Trial Balance and Rectification of Errors", book: "Accountancy Part I", chapterNumber: 6 },
        { title: "Depreciation, Provisions and Reserves", book: "Accountancy Part I", chapterNumber: 7 },
        { title: "Financial Statements – I", book: "Accountancy Part II" },
        { title: "Financial Statements – II", book: "Accountancy Part II" },
      ],
    },
    {
      // Part I (Foundations of Business): chapters 1-6; Part II (Corporate Organisation, Finance and
      // Trade): chapters 7-11.
      code: "business-studies",
      label: "Business Studies",
      chapters: [
        {
          title: "Business, Trade and Commerce",
          book: "Business Studies",
          chapterNumber: 1,
          official: [
            ncertPdf(
              "kebs1",
              1,
              "NCERT Class 11 Business Studies, Chapter 1 Business, Trade and Commerce (official PDF)",
              "English",
            ),
            CBSE_CURRICULUM,
          ],
        },
        { title: "Forms of Business Organisation", book: "Business Studies", chapterNumber: 2 },
        { title: "Private, Public and Global Enterprises", book: "Business Studies", chapterNumber: 3 },
        { title: "Business Services", book: "Business Studies", chapterNumber: 4 },
        { title: "Emerging Modes of Business", book: "Business Studies", chapterNumber: 5 },
        {
          title: "Social Responsibilities of Business and Business Ethics",
          book: "Business Studies",
          chapterNumber: 6,
        },
        { title: "Formation of a Company", book: "Business Studies", chapterNumber: 7 },
        { title: "Sources of Business Finance", book: "Business Studies", chapterNumber: 8 },
        { title: "MSME and Business Entrepreneurship", book: "Business Studies", chapterNumber: 9 },
        { title: "Internal Trade", book: "Business Studies", chapterNumber: 10 },
        { title: "International Business", book: "Business Studies", chapterNumber: 11 },
      ],
    },
    {
      // As CBSE teaches it in Class 11: Statistics for Economics, then Introductory Microeconomics
      // (NCERT prints the latter as a Class 12 book). Both books open with an "Introduction".
      code: "economics",
      label: "Economics",
      chapters: [
        {
          title: "Introduction",
          book: "Statistics for Economics",
          chapterNumber: 1,
          notes: [NCERT_TEXTBOOKS],
          official: [
            ncertPdf(
              "kest1",
              1,
              "NCERT Statistics for Economics, Chapter 1 Introduction (official PDF)",
              "English",
            ),
            CBSE_CURRICULUM,
          ],
        },
        { title: "Collection of Data", book: "Statistics for Economics", chapterNumber: 2 },
        { title: "Organisation of Data", book: "Statistics for Economics", chapterNumber: 3 },
        { title: "Presentation of Data", book: "Statistics for Economics", chapterNumber: 4 },
        {
          title: "Measures of Central Tendency",
          book: "Statistics for Economics",
          chapterNumber: 5,
          official: [
            ncertPdf(
              "kest1",
              5,
              "NCERT Statistics for Economics, Chapter 5 Measures of Central Tendency (official PDF)",
              "English",
            ),
          ],
        },
        {
          title: "Measures of Dispersion",
          book: "Statistics for Economics",
          syllabus: dropped(
            "Chapter 6 of Statistics for Economics before, between Measures of Central Tendency and Correlation.",
          ),
        },
        { title: "Correlation", book: "Statistics for Economics", chapterNumber: 6 },
        { title: "Index Numbers", book: "Statistics for Economics", chapterNumber: 7 },
        { title: "Use of Statistical Tools", book: "Statistics for Economics", chapterNumber: 8 },
        { title: "Introduction", book: "Introductory Microeconomics", chapterNumber: 1 },
        { title: "Theory of Consumer Behaviour", book: "Introductory Microeconomics", chapterNumber: 2 },
        { title: "Production and Costs", book: "Introductory Microeconomics", chapterNumber: 3 },
        {
          title: "The Theory of the Firm under Perfect Competition",
          book: "Introductory Microeconomics",
          chapterNumber: 4,
        },
        { title: "Market Equilibrium", book: "Introductory Microeconomics", chapterNumber: 5 },
      ],
    },
  ],

  12: [
    {
      // Part I: chapters 1-8; Part II: chapters 9-14.
      code: "physics",
      label: "Physics",
      chapters: [
        {
          title: "Electric Charges and Fields",
          official: [
            ncertPdf(
              "leph1",
              1,
              "NCERT Class 12 Physics Part I, Chapter 1 Electric Charges and Fields (official PDF)",
              "English",
            ),
          ],
          questions: [CBSE_SQP_XII, NCERT_EXEMPLAR],
          lectures: [KHAN_PHYSICS],
          noteHtml: NOTE_12_ELECTRIC_CHARGES,
          seoDescription:
            "Class 12 Electric Charges and Fields notes: Coulomb's law, electric field, dipoles, electric flux and Gauss's law with its applications.",
          keywords: [
            "class 12 physics",
            "electric charges and fields",
            "coulomb's law",
            "gauss's law",
            "electric dipole",
          ],
        },
        {
          title: "Electrostatic Potential and Capacitance",
          official: [
            ncertPdf(
              "leph1",
              2,
              "NCERT Class 12 Physics Part I, Chapter 2 Electrostatic Potential and Capacitance (official PDF)",
              "English",
            ),
          ],
          questions: [CBSE_SQP_XII],
        },
        {
          title: "Current Electricity",
          official: [
            ncertPdf(
              "leph1",
              3,
              "NCERT Class 12 Physics Part I, Chapter 3 Current Electricity (official PDF)",
              "English",
            ),
          ],
          questions: [NCERT_EXEMPLAR],
          lectures: [DIKSHA],
        },
        { title: "Moving Charges and Magnetism" },
        { title: "Magnetism and Matter" },
        { title: "Electromagnetic Induction" },
        { title: "Alternating Current" },
        { title: "Electromagnetic Waves" },
        { title: "Ray Optics and Optical Instruments" },
        { title: "Wave Optics" },
        { title: "Dual Nature of Radiation and Matter" },
        { title: "Atoms" },
        { title: "Nuclei" },
        { title: "Semiconductor Electronics: Materials, Devices and Simple Circuits" },
      ],
    },
    {
      // Part I: chapters 1-5; Part II: chapters 6-10.
      code: "chemistry",
      label: "Chemistry",
      chapters: [
        {
          title: "Solutions",
          official: [
            ncertPdf(
              "lech1",
              1,
              "NCERT Class 12 Chemistry Part I, Chapter 1 Solutions (official PDF)",
              "English",
            ),
          ],
          questions: [CBSE_SQP_XII, NCERT_EXEMPLAR],
          lectures: [KHAN_CHEMISTRY],
          noteHtml: NOTE_12_SOLUTIONS,
          seoDescription:
            "Class 12 Solutions notes: concentration terms, Henry's and Raoult's laws, ideal and non-ideal solutions, colligative properties and the van't Hoff factor.",
          keywords: [
            "class 12 chemistry",
            "solutions",
            "raoult's law",
            "colligative properties",
            "van't hoff factor",
          ],
        },
        { title: "Electrochemistry", questions: [CBSE_SQP_XII] },
        { title: "Chemical Kinetics", lectures: [KHAN_CHEMISTRY] },
        { title: "The d- and f-Block Elements" },
        { title: "Coordination Compounds" },
        { title: "Haloalkanes and Haloarenes" },
        { title: "Alcohols, Phenols and Ethers" },
        { title: "Aldehydes, Ketones and Carboxylic Acids", questions: [NCERT_EXEMPLAR] },
        { title: "Amines" },
        { title: "Biomolecules" },
      ],
    },
    {
      code: "biology",
      label: "Biology",
      chapters: [
        {
          title: "Sexual Reproduction in Flowering Plants",
          notes: [NCERT_TEXTBOOKS],
          questions: [CBSE_SQP_XII],
        },
        { title: "Human Reproduction", lectures: [DIKSHA] },
        { title: "Reproductive Health" },
        {
          title: "Principles of Inheritance and Variation",
          official: [
            ncertPdf(
              "lebo1",
              4,
              "NCERT Class 12 Biology, Chapter 4 Principles of Inheritance and Variation (official PDF)",
              "English",
            ),
          ],
          questions: [CBSE_SQP_XII, NCERT_EXEMPLAR],
          lectures: [KHAN_BIOLOGY],
          noteHtml: NOTE_12_INHERITANCE,
          seoDescription:
            "Class 12 Principles of Inheritance and Variation notes: Mendel's laws, incomplete dominance, co-dominance, sex determination and genetic disorders.",
          keywords: [
            "class 12 biology",
            "principles of inheritance and variation",
            "mendel's laws",
            "genetic disorders",
            "sex determination",
          ],
        },
        { title: "Molecular Basis of Inheritance", questions: [NCERT_EXEMPLAR] },
        { title: "Evolution" },
        { title: "Human Health and Disease" },
        { title: "Microbes in Human Welfare" },
        { title: "Biotechnology: Principles and Processes" },
        { title: "Biotechnology and its Applications" },
        { title: "Organisms and Populations" },
        { title: "Ecosystem" },
        { title: "Biodiversity and Conservation" },
      ],
    },
    {
      // Part I: chapters 1-6; Part II: chapters 7-13.
      code: "mathematics",
      label: "Mathematics",
      chapters: [
        {
          title: "Relations and Functions",
          official: [
            ncertPdf(
              "lemh1",
              1,
              "NCERT Class 12 Mathematics Part I, Chapter 1 Relations and Functions (official PDF)",
              "English",
            ),
          ],
          questions: [CBSE_SQP_XII, NCERT_EXEMPLAR],
          lectures: [KHAN_MATH],
          noteHtml: NOTE_12_RELATIONS_FUNCTIONS,
          seoDescription:
            "Class 12 Relations and Functions notes: reflexive, symmetric and transitive relations, equivalence classes, and one-one and onto functions.",
          keywords: [
            "class 12 maths",
            "relations and functions",
            "equivalence relation",
            "one-one onto functions",
            "bijective function",
          ],
        },
        { title: "Inverse Trigonometric Functions" },
        { title: "Matrices", questions: [CBSE_SQP_XII] },
        { title: "Determinants" },
        { title: "Continuity and Differentiability" },
        { title: "Application of Derivatives" },
        { title: "Integrals", questions: [NCERT_EXEMPLAR], lectures: [KHAN_MATH] },
        { title: "Application of Integrals" },
        { title: "Differential Equations" },
        { title: "Vector Algebra" },
        { title: "Three Dimensional Geometry" },
        { title: "Linear Programming" },
        { title: "Probability" },
      ],
    },
    {
      // Books in order: Flamingo (prose section, then poetry section), then Vistas.
      code: "english",
      label: "English Core",
      chapters: [
        {
          title: "The Last Lesson",
          notes: [NCERT_TEXTBOOKS],
          questions: [CBSE_SQP_XII],
          lectures: [EPATHSHALA],
        },
        { title: "Lost Spring" },
        { title: "Deep Water" },
        { title: "The Rattrap" },
        { title: "Indigo", questions: [CBSE_SQP_XII] },
        { title: "Poets and Pancakes" },
        { title: "The Interview" },
        { title: "Going Places" },
        { title: "My Mother at Sixty-six", notes: [NCERT_TEXTBOOKS], questions: [CBSE_SQP_XII] },
        { title: "Keeping Quiet" },
        { title: "A Thing of Beauty" },
        { title: "A Roadside Stand" },
        { title: "Aunt Jennifer's Tigers" },
        { title: "The Third Level" },
        { title: "The Tiger King" },
        { title: "Journey to the End of the Earth" },
        { title: "The Enemy" },
        { title: "On the Face of It" },
        { title: "Memories of Childhood" },
      ],
    },
    {
      // Part I (partnership accounts): chapters 1-4; Part II (company accounts and analysis of
      // financial statements): chapters 1-6.
      code: "accountancy",
      label: "Accountancy",
      chapters: [
        {
          title: "Accounting for Partnership: Basic Concepts",
          book: "Accountancy Part I",
          notes: [NCERT_TEXTBOOKS, NCERT_TEXTBOOKS_HINDI],
          questions: [CBSE_SQP_XII],
          official: [CBSE_PREVIOUS_PAPERS],
        },
        {
          title: "Reconstitution of a Partnership Firm – Admission of a Partner",
          book: "Accountancy Part I",
        },
        {
          title: "Reconstitution of a Partnership Firm – Retirement/Death of a Partner",
          book: "Accountancy Part I",
        },
        { title: "Dissolution of Partnership Firm", book: "Accountancy Part I" },
        { title: "Accounting for Share Capital", book: "Accountancy Part II", official: [CBSE_MS_XII] },
        { title: "Issue and Redemption of Debentures", book: "Accountancy Part II" },
        { title: "Financial Statements of a Company", book: "Accountancy Part II" },
        { title: "Analysis of Financial Statements", book: "Accountancy Part II" },
        { title: "Accounting Ratios", book: "Accountancy Part II" },
        { title: "Cash Flow Statement", book: "Accountancy Part II", questions: [CBSE_SQP_XII] },
      ],
    },
    {
      // Part I (Principles and Functions of Management): chapters 1-8; Part II (Business Finance and
      // Marketing): chapters 9-12.
      code: "business-studies",
      label: "Business Studies",
      chapters: [
        {
          title: "Nature and Significance of Management",
          book: "Business Studies Part I",
          chapterNumber: 1,
          questions: [CBSE_SQP_XII],
          official: [
            ncertPdf(
              "lebs1",
              1,
              "NCERT Class 12 Business Studies Part I, Chapter 1 Nature and Significance of Management (official PDF)",
              "English",
            ),
          ],
        },
        { title: "Principles of Management", book: "Business Studies Part I", chapterNumber: 2 },
        { title: "Business Environment", book: "Business Studies Part I", chapterNumber: 3 },
        { title: "Planning", book: "Business Studies Part I", chapterNumber: 4 },
        { title: "Organising", book: "Business Studies Part I", chapterNumber: 5 },
        { title: "Staffing", book: "Business Studies Part I", chapterNumber: 6 },
        { title: "Directing", book: "Business Studies Part I", chapterNumber: 7 },
        { title: "Controlling", book: "Business Studies Part I", chapterNumber: 8, official: [CBSE_MS_XII] },
        { title: "Financial Management", book: "Business Studies Part II", chapterNumber: 9 },
        { title: "Financial Markets", book: "Business Studies Part II", chapterNumber: 10 },
        { title: "Marketing Management", book: "Business Studies Part II", chapterNumber: 11 },
        { title: "Consumer Protection", book: "Business Studies Part II", chapterNumber: 12 },
      ],
    },
    {
      // As CBSE teaches it in Class 12: Introductory Macroeconomics, then Indian Economic Development
      // (NCERT prints the latter as a Class 11 book).
      code: "economics",
      label: "Economics",
      chapters: [
        {
          title: "Introduction",
          book: "Introductory Macroeconomics",
          chapterNumber: 1,
          notes: [NCERT_TEXTBOOKS],
          questions: [CBSE_SQP_XII],
          official: [CBSE_CURRICULUM],
        },
        { title: "National Income Accounting", book: "Introductory Macroeconomics", chapterNumber: 2 },
        { title: "Money and Banking", book: "Introductory Macroeconomics", chapterNumber: 3 },
        {
          title: "Determination of Income and Employment",
          book: "Introductory Macroeconomics",
          chapterNumber: 4,
        },
        {
          title: "Government Budget and the Economy",
          book: "Introductory Macroeconomics",
          chapterNumber: 5,
          official: [CBSE_MS_XII],
        },
        { title: "Open Economy Macroeconomics", book: "Introductory Macroeconomics", chapterNumber: 6 },
        {
          title: "Indian Economy on the Eve of Independence",
          book: "Indian Economic Development",
          chapterNumber: 1,
          official: [
            ncertPdf(
              "keec1",
              1,
              "NCERT Indian Economic Development, Chapter 1 Indian Economy on the Eve of Independence (official PDF)",
              "English",
            ),
            CBSE_PREVIOUS_PAPERS,
          ],
        },
        { title: "Indian Economy 1950-1990", book: "Indian Economic Development", chapterNumber: 2 },
        {
          title: "Liberalisation, Privatisation and Globalisation: An Appraisal",
          book: "Indian Economic Development",
          chapterNumber: 3,
        },
        {
          title: "Poverty",
          book: "Indian Economic Development",
          syllabus: dropped(
            "Chapter 4 of Indian Economic Development before, after the chapter on liberalisation.",
          ),
        },
        { title: "Human Capital Formation in India", book: "Indian Economic Development", chapterNumber: 4 },
        { title: "Rural Development", book: "Indian Economic Development", chapterNumber: 5 },
        {
          title: "Employment: Growth, Informalisation and Other Issues",
          book: "Indian Economic Development",
          chapterNumber: 6,
        },
        {
          title: "Infrastructure",
          book: "Indian Economic Development",
          syllabus: dropped(
            "Chapter 8 of Indian Economic Development before, after the chapter on employment.",
          ),
        },
        {
          title: "Environment and Sustainable Development",
          book: "Indian Economic Development",
          chapterNumber: 7,
        },
        {
          title: "Comparative Development Experiences of India and its Neighbours",
          book: "Indian Economic Development",
          chapterNumber: 8,
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Hindi and Hindi-medium subjects (not loaded yet)
// ---------------------------------------------------------------------------------------------------

const CBSE_SQP_X_HINDI: DemoLink = {
  title: "CBSE कक्षा 10 प्रतिदर्श प्रश्न पत्र और अंकन योजना 2026-27, हिंदी 'अ' सहित (आधिकारिक सूची)",
  url: CBSE_SQP_X.url,
  type: "Sample paper",
  language: "Hindi",
  year: 2027,
};

/** Chapters of one book with their numbers in it; `first` holds the links of the book's first chapter. */
function bookChapters(book: string, chapters: Array<[number, string]>, first: Partial<DemoChapter> = {}) {
  return chapters.map(
    ([chapterNumber, title], i): DemoChapter => ({ title, book, chapterNumber, ...(i === 0 ? first : {}) }),
  );
}

/**
 * Hindi (Course A) and the Hindi-medium books, titles exactly as NCERT prints them (their addresses
 * are Devanagari: docs/decisions/0027). Listed after each class's English-medium subjects.
 *
 * Only titles confirmed against a chapter list are here; chapter numbers show the gaps (Kshitij 4-5,
 * Ganit 3, Vigyan 9-10: the exact printed form was not confirmed). Class 9 has new NCERT books in
 * 2026-27 (Hindi: Ganga; Ganit and Vigyan: translations of Ganita Manjari and Exploration); only a
 * few Ganga chapters are confirmed, and none of the new Hindi-medium titles yet.
 */
export const demoHindiCatalogue: Record<Grade, DemoSubject[]> = {
  9: [
    {
      code: "hindi",
      label: "हिंदी",
      chapters: bookChapters(
        "गंगा",
        [
          [1, "दो बैलों की कथा"],
          [2, "क्या लिखूँ?"],
          [3, "संवादहीन"],
          [5, "आख़िरी चट्टान तक"],
          [6, "रीढ़ की हड्डी"],
        ],
        { notes: [NCERT_TEXTBOOKS_HINDI, EPATHSHALA_HINDI], official: [CBSE_CURRICULUM] },
      ),
    },
  ],
  10: [
    {
      // Course A: Kshitij, then Kritika.
      code: "hindi-a",
      label: "हिंदी (पाठ्यक्रम 'अ')",
      chapters: [
        ...bookChapters(
          "क्षितिज भाग 2",
          [
            [1, "सूरदास के पद"],
            [2, "राम-लक्ष्मण-परशुराम संवाद"],
            [3, "आत्मकथ्य"],
            [6, "संगतकार"],
            [7, "नेताजी का चश्मा"],
            [8, "बालगोबिन भगत"],
            [9, "लखनवी अंदाज़"],
            [10, "एक कहानी यह भी"],
            [11, "नौबतखाने में इबादत"],
            [12, "संस्कृति"],
          ],
          {
            notes: [EPATHSHALA_HINDI],
            questions: [CBSE_SQP_X_HINDI],
            lectures: [DIKSHA],
            official: [ncertPdf("jhks1", 1, "NCERT क्षितिज भाग 2, पाठ 1 सूरदास के पद (आधिकारिक PDF)", "Hindi")],
          },
        ),
        ...bookChapters(
          "कृतिका भाग 2",
          [
            [1, "माता का अँचल"],
            [2, "साना-साना हाथ जोड़ि"],
            [3, "मैं क्यों लिखता हूँ?"],
          ],
          {
            official: [ncertPdf("jhkr1", 1, "NCERT कृतिका भाग 2, पाठ 1 माता का अँचल (आधिकारिक PDF)", "Hindi")],
          },
        ),
      ],
    },
    {
      code: "ganit",
      label: "गणित",
      medium: "hindi",
      chapters: bookChapters(
        "गणित",
        [
          [1, "वास्तविक संख्याएँ"],
          [2, "बहुपद"],
          [4, "द्विघात समीकरण"],
          [5, "समांतर श्रेढ़ियाँ"],
          [6, "त्रिभुज"],
          [7, "निर्देशांक ज्यामिति"],
          [8, "त्रिकोणमिति का परिचय"],
          [9, "त्रिकोणमिति के कुछ अनुप्रयोग"],
          [10, "वृत्त"],
          [11, "वृत्तों से संबंधित क्षेत्रफल"],
          [12, "पृष्ठीय क्षेत्रफल और आयतन"],
          [13, "सांख्यिकी"],
          [14, "प्रायिकता"],
        ],
        {
          notes: [NCERT_TEXTBOOKS_HINDI],
          official: [
            ncertPdf("jhmh1", 1, "NCERT कक्षा 10 गणित, अध्याय 1 वास्तविक संख्याएँ (आधिकारिक PDF)", "Hindi"),
            CBSE_SQP_X_HINDI,
          ],
        },
      ),
    },
    {
      code: "vigyan",
      label: "विज्ञान",
      medium: "hindi",
      chapters: bookChapters(
        "विज्ञान",
        [
          [1, "रासायनिक अभिक्रियाएँ एवं समीकरण"],
          [2, "अम्ल, क्षारक एवं लवण"],
          [3, "धातु एवं अधातु"],
          [4, "कार्बन एवं उसके यौगिक"],
          [5, "जैव प्रक्रम"],
          [6, "नियंत्रण एवं समन्वय"],
          [7, "जीव जनन कैसे करते हैं?"],
          [8, "आनुवंशिकता"],
          [9, "प्रकाश – परावर्तन तथा अपवर्तन"],
          [10, "मानव नेत्र तथा रंगबिरंगा संसार"],
          [11, "विद्युत"],
          [12, "विद्युत धारा के चुंबकीय प्रभाव"],
          [13, "हमारा पर्यावरण"],
        ],
        {
          notes: [NCERT_TEXTBOOKS_HINDI],
          official: [
            ncertPdf(
              "jhsc1",
              1,
              "NCERT कक्षा 10 विज्ञान, अध्याय 1 रासायनिक अभिक्रियाएँ एवं समीकरण (आधिकारिक PDF)",
              "Hindi",
            ),
          ],
        },
      ),
    },
  ],
  11: [],
  12: [],
};

/** A class's demo subjects in the order the loader adds them: English-medium first, then Hindi. */
export function demoSubjects(grade: Grade): DemoSubject[] {
  // The Hindi language subject is for every student (both mediums); गणित and विज्ञान are Hindi medium.
  return [
    ...demoCatalogue[grade].map((s) => ({ ...s, medium: s.medium ?? ("english" as const) })),
    ...demoHindiCatalogue[grade].map((s) => ({ ...s, medium: s.medium ?? ("both" as const) })),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Blog posts
// ---------------------------------------------------------------------------------------------------

const POST_NCERT = `<p>Every year, students preparing for the CBSE board exams ask the same question: which book should I study from? Reference books, coaching modules and video channels all compete for attention. Our answer is simple. Start with the NCERT textbook, finish the NCERT textbook, and only then add anything else. Here is why, and how to get the most out of it.</p>
<h3>Why NCERT comes first</h3>
<p>CBSE sets its syllabus around the NCERT books, and board question papers are written with those books in mind. Definitions, diagrams, solved examples and even the wording of many questions follow NCERT closely. A student who knows the textbook thoroughly has already covered most of what the examiner can ask. The latest editions are free on the official <a href="https://ncert.nic.in/textbook.php">NCERT textbook page</a>, so there is no reason to study from an old copy: check that your chapters match the current <a href="https://cbseacademic.nic.in/curriculum_2026.html">CBSE curriculum</a>, because some topics have been removed from recent editions.</p>
<h3>Read actively, not just once</h3>
<ul>
<li><strong>First reading:</strong> read the chapter before it is taught in class. Mark words and ideas you do not understand.</li>
<li><strong>Second reading:</strong> after the class, read again with a pencil. Underline definitions, box formulas and laws, and write one-line summaries in the margin.</li>
<li><strong>Third reading:</strong> close to the exam, read only what you marked. This is fast, and it shows you how much you remember.</li>
</ul>
<h3>Do not skip the small print</h3>
<p>Many students read the main text and ignore everything else. Board questions often come from exactly those parts:</p>
<ul>
<li>boxed information, activities and side notes;</li>
<li>in-text questions that appear after each section;</li>
<li>captions of figures and tables, and the labels on diagrams;</li>
<li>the summary at the end of the chapter, which is a ready-made revision sheet.</li>
</ul>
<h3>Solve every exercise, then go further</h3>
<p>Work through every exercise question, including the ones you think are easy. Write full answers, not just the final number, because board marking schemes give marks for steps. Once the exercises are done, move to the <a href="https://ncert.nic.in/exemplar-problems.php">NCERT Exemplar problems</a> for Mathematics and Science. Exemplar questions are harder and train you for the competency-based questions that CBSE now includes in its papers.</p>
<h3>Learn the language of the book</h3>
<p>In subjects like Biology, Chemistry and Social Science, the textbook's own words are precise. "Osmosis" or "federalism" defined in your own vague terms can lose a mark. Learn key definitions as the book states them, and practise writing them from memory. For English, read each lesson and poem at least twice and note the theme, the main characters and two or three lines you could quote.</p>
<h3>Check yourself against real papers</h3>
<p>When a unit is finished, try questions from the official <a href="https://cbseacademic.nic.in/SQP_CLASSX_2025-26.html">Class X</a> or <a href="https://cbseacademic.nic.in/SQP_CLASSXII_2025-26.html">Class XII</a> sample question papers published by CBSE. Read the marking scheme afterwards: it shows what an examiner expects in a full-mark answer, and you will notice how often that answer is taken almost straight from NCERT.</p>
<h3>When to add other material</h3>
<p>Extra books and videos are useful when you are stuck on a concept or want more practice, not as a replacement. A good rule: do not open a reference book for a chapter until you have finished the NCERT exercises for it. On ChapterWise, each chapter page collects the official textbook link, practice questions and lectures in one place, so you can follow this order without hunting around.</p>
<p><em>In short: read NCERT carefully, solve all of it, revise from your own markings, and test yourself with official papers. That routine alone is enough for an excellent board result.</em></p>`;

const POST_30_DAY = `<p>With about a month to go before the Class 10 board exams, most of the syllabus should already have been taught. This last month is about revision, practice and staying calm. The plan below assumes five main subjects and about six to seven hours of study a day, with breaks. Adjust it to your own date sheet as soon as CBSE publishes it on <a href="https://www.cbse.gov.in/">cbse.gov.in</a>.</p>
<h3>Before you start: one hour of planning</h3>
<ul>
<li>Download the current syllabus from the <a href="https://cbseacademic.nic.in/curriculum_2026.html">CBSE curriculum page</a> and tick off the chapters you feel confident about.</li>
<li>Mark the chapters you find weak. These get extra time in week 1.</li>
<li>Keep one notebook only for mistakes: every question you get wrong goes in it, with the correct method.</li>
</ul>
<h3>Week 1 (days 1-7): fix the weak chapters</h3>
<p>Take two subjects a day, one in the morning and one in the afternoon. Start with the chapters you marked as weak. Re-read the NCERT chapter, solve its exercise questions again, and write a one-page summary of formulas, definitions and diagrams. In Mathematics, do not just read solutions; solve each problem yourself with the book closed.</p>
<h3>Week 2 (days 8-14): complete the first full revision</h3>
<p>Finish a full pass through every chapter of every subject. Use your one-page summaries and the end-of-chapter summaries in NCERT. For Science, redraw every important diagram (the human eye, the heart, the electric circuit symbols) and label it from memory. For Social Science, revise maps on an outline map of India every day for fifteen minutes. For English, re-read each lesson and poem and list its theme and characters.</p>
<h3>Week 3 (days 15-21): practise under exam conditions</h3>
<ul>
<li>Solve one full sample paper a day from the official <a href="https://cbseacademic.nic.in/SQP_CLASSX_2025-26.html">CBSE Class X sample papers</a>, in three hours, at the same time of day as the real exam.</li>
<li>Check it against the marking scheme the same evening. Note where you lost marks: wrong concept, silly slip, or running out of time.</li>
<li>Spend the next morning fixing exactly those gaps, then move on.</li>
</ul>
<h3>Week 4 (days 22-30): sharpen and rest</h3>
<p>Keep solving papers, but switch to shorter timed sections: the case-based questions, the long answers, or one unit at a time. Read your mistakes notebook every evening. In the last two or three days before the first paper, stop learning new material. Revise your summaries, sleep well and keep your admit card, pens and instruments ready.</p>
<h3>Between papers</h3>
<p>Once the exams begin, use the gap before each paper for that subject only. Do not discuss the previous paper at length with friends; it cannot be changed, and the next one needs your attention.</p>
<h3>Daily habits that make the plan work</h3>
<ul>
<li><strong>Study in blocks</strong> of 50 minutes with 10-minute breaks away from your phone.</li>
<li><strong>Sleep seven to eight hours.</strong> Memory is consolidated during sleep, and all-night study sessions tend to lower performance.</li>
<li><strong>Eat regular meals</strong> and drink water. Go for a short walk every day.</li>
<li><strong>Write, do not just read.</strong> Answers written by hand are remembered far better than answers read on a screen.</li>
</ul>
<p>From 2026, CBSE also offers Class 10 students an optional second board examination later in the year to improve their scores. Check the official rules on the CBSE website, but plan to give your best in the first attempt. A calm, steady month of revision is worth far more than a last-minute rush.</p>`;

const POST_STRESS = `<p>Feeling nervous before a board exam is normal. A little stress keeps you alert and motivated. The problem starts when worry stops you from sleeping, eating or concentrating. The good news is that exam stress responds well to a few practical habits. None of them needs special equipment, and most take only a few minutes a day.</p>
<h3>Recognise the signs early</h3>
<p>Stress shows up in the body as well as the mind. Watch for headaches, a racing heart, trouble falling asleep, loss of appetite, irritability, or sitting with a book for an hour without reading a page. Noticing these signs early lets you act before they grow.</p>
<h3>Turn worry into a plan</h3>
<p>Much exam anxiety comes from a vague feeling that there is too much to do. Write down every chapter left to revise, then split them across the days you have. Seeing a finite list, and ticking items off, calms the mind far more than trying to hold everything in your head. Set small, clear goals for each day, such as "revise Electricity and solve ten questions", instead of "study Physics".</p>
<h3>Protect the basics</h3>
<ul>
<li><strong>Sleep:</strong> seven to eight hours a night. Tired brains forget more and panic faster.</li>
<li><strong>Food and water:</strong> regular, simple meals. Skipping meals or living on snacks and energy drinks makes concentration worse.</li>
<li><strong>Movement:</strong> a 15 to 20 minute walk, some stretching or a game outdoors clears the head.</li>
<li><strong>Screens:</strong> keep your phone in another room while studying, and stop using screens half an hour before bed.</li>
</ul>
<h3>A two-minute calming exercise</h3>
<p>When you feel panic rising, during revision or in the exam hall, try slow breathing: breathe in through the nose for a count of four, hold for a count of four, breathe out slowly for a count of six. Repeat five times. Slow breathing tells your body that there is no danger, and your thinking becomes clearer.</p>
<h3>In the exam hall</h3>
<ul>
<li>Use the reading time to go through the whole paper calmly and mark the questions you know well.</li>
<li>Start with those questions. Early success builds confidence for the harder ones.</li>
<li>If you go blank on a question, move on and come back later. The answer often returns once you relax.</li>
<li>Keep an eye on the clock, but do not keep checking what others are doing.</li>
</ul>
<h3>Watch your self-talk</h3>
<p>Thoughts like "I will fail" or "everyone else is better prepared" are not facts. Replace them with something true and useful: "I have revised this chapter, and I can work through this question step by step." Avoid comparing marks and preparation with friends during the exam period. One exam is an important step, but it does not decide your worth or your whole future.</p>
<h3>Talk to someone</h3>
<p>Share how you feel with a parent, a teacher, a school counsellor or a friend you trust. Saying a worry out loud often makes it smaller. Parents can help most by listening, keeping the home calm and not comparing their child with others.</p>
<p>If stress feels overwhelming or lasts for weeks, ask for professional help. CBSE runs a free counselling service for students and parents during the exam season; details are on the <a href="https://www.cbse.gov.in/">CBSE website</a>. The Government of India's Tele-MANAS mental health helpline is free and available around the clock at <strong>14416</strong>. Reaching out is a sign of strength, not weakness.</p>
<p><em>Prepare steadily, look after your body, and be kind to yourself. A calm mind recalls far more than a panicked one.</em></p>`;

const POST_STREAM = `<p>After the Class 10 results, students choose a stream for Classes 11 and 12. The choice feels huge, and well-meaning relatives often have strong opinions. It is an important decision, but it is easier when you break it into clear questions. This guide explains the usual options in CBSE schools and how to think them through.</p>
<h3>The three common streams</h3>
<ul>
<li><strong>Science:</strong> Physics and Chemistry with Mathematics (often called PCM), Biology (PCB) or both. It leads to engineering, medicine, pure sciences, computer science, architecture and many other courses.</li>
<li><strong>Commerce:</strong> Accountancy, Business Studies and Economics, usually with Mathematics or Applied Mathematics. It leads to chartered accountancy, finance, management, economics and business.</li>
<li><strong>Humanities (Arts):</strong> subjects such as History, Political Science, Geography, Economics, Psychology and Sociology. It leads to law, journalism, design, civil services preparation, social sciences, teaching and much more.</li>
</ul>
<p>CBSE also allows combinations across these groups, for example Mathematics with Psychology and Economics, subject to what your school offers. The full list of subjects is on the <a href="https://cbseacademic.nic.in/">CBSE academic website</a>.</p>
<h3>Four questions to ask yourself</h3>
<ul>
<li><strong>What do I enjoy?</strong> Think about which subjects you look forward to, which homework you do first, and what you read or watch for fun. Two years is a long time to study subjects you dislike.</li>
<li><strong>What am I good at?</strong> Look at your marks across Classes 9 and 10, not just one exam. A strong, steady record in Mathematics matters for PCM and for Commerce with Mathematics.</li>
<li><strong>Where might I want to go?</strong> You do not need a fixed career yet, but check what a few careers you are curious about require. Some need specific subjects in Class 12, such as Biology for medicine or Mathematics for most engineering courses.</li>
<li><strong>What does my school offer?</strong> Subject combinations vary by school, so ask early.</li>
</ul>
<h3>Myths to ignore</h3>
<ul>
<li><em>"Science is for bright students; the rest is for everyone else."</em> Every stream is demanding when studied seriously, and each leads to respected careers.</li>
<li><em>"My friends are taking it, so I should too."</em> Your friends' strengths and interests are not yours.</li>
<li><em>"The choice is final for life."</em> Many university courses accept students from any stream, and people change direction more often than you might think.</li>
</ul>
<h3>How to decide</h3>
<p>Talk to teachers who know your work, and to older students who are in the streams you are considering. Ask them what a normal week of study looks like. Look through the Class 11 NCERT textbooks on the <a href="https://ncert.nic.in/textbook.php">NCERT website</a>: reading a chapter or two of Physics, Accountancy or Political Science will tell you a lot about whether the subject suits you. If your school has a counsellor or offers an aptitude test, use it as one input among several.</p>
<p>Finally, involve your parents in the conversation with facts rather than feelings. Show them what you have found out and why you lean towards one option. A choice you understand and believe in is the one you will work hardest for.</p>`;

export const demoPosts: DemoPost[] = [
  {
    title: "How to Use NCERT Textbooks for Board Exams",
    slug: "how-to-use-ncert-textbooks-for-board-exams",
    date: "2026-01-12",
    author: "ChapterWise Team",
    tag: "Study Skills",
    category: "Exam Preparation",
    excerpt:
      "NCERT textbooks are the backbone of the CBSE board exams. Here is how to read them actively, use every part of a chapter, and check yourself against official sample papers.",
    contentHtml: POST_NCERT,
    status: "published",
    keywords: ["NCERT textbooks", "CBSE board exams", "study tips", "NCERT Exemplar", "sample papers"],
    related: ["30-day-revision-plan-for-class-10-boards", "managing-exam-stress"],
  },
  {
    title: "A 30-Day Revision Plan for Class 10 Boards",
    slug: "30-day-revision-plan-for-class-10-boards",
    date: "2026-01-19",
    author: "ChapterWise Team",
    tag: "Class 10",
    category: "Exam Preparation",
    excerpt:
      "A week-by-week plan for the last month before the Class 10 board exams: fix weak chapters, finish a full revision, practise full papers and arrive rested.",
    contentHtml: POST_30_DAY,
    status: "published",
    keywords: [
      "class 10 board exams",
      "revision plan",
      "CBSE sample papers",
      "time table",
      "exam preparation",
    ],
    related: ["how-to-use-ncert-textbooks-for-board-exams", "managing-exam-stress"],
  },
  {
    title: "Managing Exam Stress: What Actually Helps",
    slug: "managing-exam-stress",
    date: "2026-02-02",
    author: "ChapterWise Team",
    tag: "Wellbeing",
    category: "Student Life",
    excerpt:
      "Practical habits that keep exam nerves under control: planning, sleep, a two-minute breathing exercise, tips for the exam hall, and where to find help.",
    contentHtml: POST_STRESS,
    status: "published",
    keywords: [
      "exam stress",
      "board exam anxiety",
      "student wellbeing",
      "sleep and study",
      "CBSE counselling",
    ],
    related: ["30-day-revision-plan-for-class-10-boards", "how-to-use-ncert-textbooks-for-board-exams"],
  },
  {
    title: "Choosing a Stream After Class 10",
    slug: "choosing-a-stream-after-class-10",
    date: "2026-04-20",
    author: "ChapterWise Team",
    tag: "Careers",
    category: "Guidance",
    excerpt:
      "Science, Commerce or Humanities? Four questions to ask yourself, common myths to ignore, and a practical way to make the decision.",
    contentHtml: POST_STREAM,
    status: "draft",
    keywords: [
      "stream selection",
      "class 11 subjects",
      "science commerce humanities",
      "career guidance",
      "CBSE",
    ],
    related: ["how-to-use-ncert-textbooks-for-board-exams", "managing-exam-stress"],
  },
];
