// How `npm run content` starts Node (its script in package.json): the allocator's settings it
// puts in the environment (decision 0034: an operator's own values win) and Node's memory flags
// (decision 0017). The benches run the command exactly so, without npm in between.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export function contentCommand(): { nodeOptions: string[]; env: Record<string, string> } {
  const script: string = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.content;
  const command = /&& ((?:\w+=\S+ )*)node ((?:--\S+ )*)cli\/content\.ts/.exec(script);
  if (!command)
    throw new Error(`package.json's content script is not "… node [--options] cli/content.ts": ${script}`);
  const env: Record<string, string> = {};
  for (const [, name, value] of (command[1] ?? "").matchAll(/(\w+)=\$\{\w+:-([^}]*)\}/g))
    if (name) env[name] = process.env[name] ?? value ?? "";
  return { nodeOptions: (command[2] ?? "").split(" ").filter(Boolean), env };
}
