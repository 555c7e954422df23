// A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line
// is a HELP, a TYPE or a sample of a declared family, with well-formed labels and a number.

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; samples: Sample[] };

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (\\S+)(?: -?\\d+)?$`);
const SUFFIXES = ["_bucket", "_sum", "_count", "_total", "_created"];

function number(text: string): number {
  // Prometheus reads values with Go's ParseFloat, which takes these words in any case: prom-client
  // writes "Nan" (an event-loop mean with no sample since the last scrape).
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  const value = Number(text);
  if (text.trim() === "" || Number.isNaN(value)) throw new Error(`not a number: ${text}`);
  return value;
}

/** Parses an exposition; throws, naming the line, at anything the format does not allow. */
export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    if (line === "") continue;
    const where = `line ${i + 1}: ${line}`;
    if (line.startsWith("#")) {
      const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
      if (type?.[1] && type[2]) types.set(type[1], type[2]);
      else if (!new RegExp(`^# HELP ${NAME} `).test(line)) throw new Error(`bad comment, ${where}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`bad sample, ${where}`);
    const name = match[1];
    const family = [name, ...SUFFIXES.filter((s) => name.endsWith(s)).map((s) => name.slice(0, -s.length))];
    if (!family.some((f) => types.has(f))) throw new Error(`sample of an undeclared metric, ${where}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ""] = (pair[2] ?? "").replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    }
    samples.push({ name, labels, value: number(match[3]) });
  }
  return { types, samples };
}

/** The value of the one sample with this name and (at least) these labels; undefined when none. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return exposition.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}
