// Password rules (OWASP ASVS 5.0 chapter 6): long enough, any characters (spaces, any script),
// nothing cut off, no composition rules; refused when it is one of the most common passwords or
// holds the name part of the account's e-mail. The server applies them
// (app/server/accounts/password-policy.server.ts); pages use them for the hint shown while typing.

export const MIN_PASSWORD_LENGTH = 12;
/** Well above ASVS's 64; longer input is refused, never cut. */
export const MAX_PASSWORD_LENGTH = 128;
/** The e-mail's name part counts when it is at least this long ("al" would refuse half of all passwords). */
const MIN_NAME_PART = 3;

/** The password as it is hashed (app/server/accounts/passwords.server.ts): NFKC, so "ﬁ" and "fi" are one. */
function normalised(password: string): string {
  return password.normalize("NFKC");
}

/** Its length as a person counts characters (code points, so "पासवर्ड" is not counted in halves). */
export function passwordLength(password: string): number {
  return [...normalised(password)].length;
}

/** The part of the e-mail before the "@", lowercased, when long enough to matter. */
export function emailNamePart(email: string): string | null {
  const name = (email.trim().split("@")[0] ?? "").toLowerCase();
  return name.length >= MIN_NAME_PART ? name : null;
}

/** How a common-password list is looked up: with the password lowercased. */
export type CommonCheck = (lowercased: string) => boolean;

/** What is wrong with a new password for the account `email`, in plain words; null when it may be used. */
export function passwordProblem(password: string, email: string, isCommon: CommonCheck): string | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (length > MAX_PASSWORD_LENGTH)
    return `The password can be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  const lower = normalised(password).toLowerCase();
  if (isCommon(lower))
    return "This is one of the most common passwords, which are guessed first. Please choose another.";
  const name = emailNamePart(email);
  if (name && lower.includes(name))
    return `The password must not contain the name part of the e-mail address (“${name}”).`;
  return null;
}

export type PasswordHint = { tone: "neutral" | "problem" | "fair" | "strong"; text: string };

/** Long enough to call strong: four or five unrelated words. */
const STRONG_LENGTH = 20;

/** The hint shown under "New password" while it is typed. */
export function passwordHint(password: string, email: string, isCommon: CommonCheck): PasswordHint {
  const length = passwordLength(password);
  if (length === 0)
    return {
      tone: "neutral",
      text: `At least ${MIN_PASSWORD_LENGTH} characters. Spaces and any letters are fine: a few unrelated words make a strong password.`,
    };
  if (length < MIN_PASSWORD_LENGTH) {
    const more = MIN_PASSWORD_LENGTH - length;
    return { tone: "problem", text: `${more} more character${more === 1 ? "" : "s"} needed.` };
  }
  const problem = passwordProblem(password, email, isCommon);
  if (problem) return { tone: "problem", text: problem };
  if (length < STRONG_LENGTH)
    return { tone: "fair", text: "Long enough. Longer is stronger: add a word or two." };
  return { tone: "strong", text: "Strong: long and not a common password." };
}
