import { describe, expect, it } from "vitest";
import {
  CsvFileError,
  decodeCsv,
  describeLinkChanges,
  MAX_CSV_BYTES,
  MAX_CSV_ROWS,
  neutraliseCell,
  parseKind,
  readChaptersCsv,
  restoreCell,
} from "#app/lib/chapters-csv.ts";

const HEADER = "Class,Subject,Chapter,Kind,Link title,URL";
// Subjects known to the "catalogue" of these tests.
const known = (grade: number, code: string) =>
  (grade === 9 && code.toLowerCase() === "science") || (grade === 10 && code === "hindi")
    ? code.toLowerCase()
    : null;

function read(lines: string[], eol = "\n") {
  return readChaptersCsv([HEADER, ...lines].join(eol), known);
}

describe("reading a chapters CSV", () => {
  it("groups rows by class, subject and chapter title, one link per row", () => {
    const result = read([
      "9,science,Motion,notes,Motion notes,https://a.example/1",
      "9,science,Motion,Questions,Motion MCQ,https://a.example/2",
      "9,science,Force,,,",
      "9,science,Motion,LECTURES,Motion video,https://a.example/3",
    ]);
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(4);
    expect(result.chapters.map((c) => [c.line, c.title, c.links.map((l) => `${l.kind}@${l.line}`)])).toEqual([
      [2, "Motion", ["notes@2", "questions@3", "lectures@5"]],
      [4, "Force", []],
    ]);
  });

  it("reads a BOM, CRLF line ends, quotes, commas and line breaks inside titles, and Hindi", () => {
    const text = `\uFEFF${HEADER}\r\n10,hindi,"कबीर, साखी",notes,"नोट्स ""सार""",https://a.example/k\r\n9,science,"Line one\r\nline two",notes,N,https://a.example/n\r\n9,science,Last,notes,"x, y",https://a.example/z\r\n`;
    const result = readChaptersCsv(text, known);
    expect(result.problems).toEqual([]);
    expect(result.chapters.map((c) => [c.line, c.grade, c.subjectCode, c.title])).toEqual([
      [2, 10, "hindi", "कबीर, साखी"],
      [3, 9, "science", "Line one\r\nline two"],
      // The record above spans two lines, so this one starts on line 5.
      [5, 9, "science", "Last"],
    ]);
    expect(result.chapters[0]?.links[0]?.title).toBe('नोट्स "सार"');
    expect(result.chapters[2]?.links[0]?.title).toBe("x, y");
  });

  it("names each bad row by its line: unknown class or subject, bad kind, wrong columns, a duplicate link", () => {
    const result = read([
      "13,science,Motion,notes,N,https://a.example/1",
      "9,astrology,Stars,notes,N,https://a.example/1",
      "9,science,Motion,slides,N,https://a.example/1",
      "9,science,Motion,notes",
      "9,science,Motion,notes,N,https://a.example/1",
      "9,science,Motion,notes,Again,https://a.example/1",
    ]);
    expect(result.problems).toEqual([
      { line: 2, message: 'Class: "13" is not a class; use 9, 10, 11 or 12.' },
      { line: 3, message: 'Subject: Class 9 has no subject "astrology".' },
      { line: 4, message: 'Kind: "slides" is not one of official, notes, questions, lectures.' },
      { line: 5, message: "Expected 6 columns (Class, Subject, Chapter, Kind, Link title, URL), found 4." },
      { line: 7, message: "Duplicate: the same notes link as line 6." },
    ]);
  });

  it("numbers lines as an editor shows them, past empty lines and line breaks in quoted fields", () => {
    const lines = [
      "",
      '9,science,"A',
      "",
      'B",,,',
      "9,science,C,,,",
      '9,science,"D',
      'E",,,',
      "",
      "9,science,F,,,",
    ];
    for (const eol of ["\r\n", "\n"]) {
      expect(read(lines, eol).chapters.map((c) => c.line)).toEqual([3, 6, 7, 10]);
    }
  });

  it("accepts kinds in any case and 'Class 9'", () => {
    expect(parseKind(" Notes ")).toBe("notes");
    expect(parseKind("QUESTIONS")).toBe("questions");
    expect(parseKind("video")).toBeNull();
    expect(read(["Class 9,Science,Motion,,,"]).chapters[0]?.grade).toBe(9);
  });

  it("refuses a whole file without the header, with an unclosed quote, too many rows, too big or not UTF-8", () => {
    expect(() => readChaptersCsv("a,b,c\n1,2,3", known)).toThrow(/first line must name the columns/);
    expect(() => read(['9,science,"Motion,notes,N,x'])).toThrow(CsvFileError);
    const many = Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `9,science,C${i},,,`);
    expect(() => read(many)).toThrow(/at most 20000 can be imported/);
    expect(() => decodeCsv(new Uint8Array(MAX_CSV_BYTES + 1))).toThrow(/larger than 5 MB/);
    expect(() => decodeCsv(new Uint8Array([0xff, 0xfe, 0x41]))).toThrow(/not UTF-8/);
    expect(decodeCsv(new TextEncoder().encode("\uFEFFक"))).toBe("क");
  });
});

describe("cells a spreadsheet would run as formulas", () => {
  const dangerous = [
    "=1+1",
    "+91 98",
    "-5 tips",
    "@SUM(A1)",
    "\tTab",
    "\rReturn",
    '=HYPERLINK("http://x","y")',
  ];
  it("are exported behind a ' (OWASP), and so is a cell that already begins with one", () => {
    for (const cell of dangerous) expect(neutraliseCell(cell)).toBe(`'${cell}`);
    expect(neutraliseCell("'=1+1")).toBe("''=1+1");
    expect(neutraliseCell("'")).toBe("''");
    for (const cell of ["Motion", "", "1 = 1", " =x", "'", "’=x", "https://a.example/=x"])
      if (!cell.startsWith("'")) expect(neutraliseCell(cell)).toBe(cell);
  });

  it("come back exactly from an export, whatever they hold, hostile and huge", () => {
    const cells = [
      ...dangerous,
      "Motion",
      "",
      "'",
      "''",
      "'=1+1",
      "''=1+1",
      "'hello",
      "'-'",
      "==",
      "'\t",
      "कबीर",
      "=".repeat(100_000),
      `'${"'".repeat(50_000)}=`,
    ];
    // And every short string of the characters that matter.
    const alphabet = ["'", "=", "+", "-", "@", "\t", "\r", "a"];
    for (const a of alphabet) for (const b of alphabet) for (const c of alphabet) cells.push(a + b + c);
    for (const cell of cells) expect(restoreCell(neutraliseCell(cell))).toBe(cell);
    // What an editor typed by hand and the export never makes stays as it is.
    expect(restoreCell("'hello")).toBe("'hello");
    expect(restoreCell("'")).toBe("'");
  });

  it("are read back from a file as the real title", () => {
    const { chapters, problems } = read([
      "9,science,'=Motion,notes,'+Graphs,https://a.example/g",
      "9,science,''=Force,'-lectures,'@x,https://a.example/f",
    ]);
    expect(problems).toEqual([
      { line: 3, message: 'Kind: "-lectures" is not one of official, notes, questions, lectures.' },
    ]);
    expect(chapters.map((c) => [c.title, c.links.map((l) => l.title)])).toEqual([
      ["=Motion", ["+Graphs"]],
      ["'=Force", []],
    ]);
  });
});

describe("describing link changes", () => {
  const a = { title: "A", url: "https://a.example/" };
  const b = { title: "B", url: "https://b.example/" };
  const c = { title: "C", url: "https://c.example/" };
  it("counts added, changed (title or address) and removed links", () => {
    expect(describeLinkChanges([a], [a, b, c])).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(describeLinkChanges([a, b], [a, { ...b, url: "https://b2.example/" }])).toEqual({
      added: 0,
      changed: 1,
      removed: 0,
    });
    expect(describeLinkChanges([a, b], [{ ...a, title: "A2" }])).toEqual({
      added: 0,
      changed: 1,
      removed: 1,
    });
  });
});
