import fs from "node:fs";
import { createRequire } from "node:module";
import { MIN_PASSWORD_LENGTH, passwordLength, passwordProblem } from "#app/lib/password-rules.ts";
import { DomainError } from "#app/server/errors.server.ts";

// The common passwords a new password may not be (app/lib/password-rules.ts): the list the
// zxcvbn-ts project ships in @zxcvbn-ts/language-common (about 49,000 passwords, most frequent first,
// from leaked-password corpora), read as plain JSON from the package on first use.
const LIST = "@zxcvbn-ts/language-common/src/passwords.json";

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve(LIST);
    const list: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    if (!Array.isArray(list) || list.length < 10_000) throw new Error(`${LIST} is not a list of passwords`);
    common = new Set(list.map((p) => String(p).toLowerCase()));
  }
  return common;
}

/** Is the (lowercased) password one of the most common ones? */
export function isCommonPassword(lowercased: string): boolean {
  return commonPasswords().has(lowercased);
}

/** How many common passwords are refused (for tests and docs). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/**
 * Refuses a new password for the account `email` that breaks a rule, with the rule's message at
 * `field` (the form's "New password").
 */
export function checkNewPassword(password: string, email: string, field = "password"): void {
  const problem = passwordProblem(password, email, isCommonPassword);
  if (problem) throw new DomainError(problem, { field });
}

/**
 * The common passwords that are long enough to pass the length rule (a few hundred): all a page's
 * hint needs to say "common" while typing, without sending the whole list to the browser.
 */
export function commonPasswordsForHint(): string[] {
  return [...commonPasswords()].filter((p) => passwordLength(p) >= MIN_PASSWORD_LENGTH);
}
