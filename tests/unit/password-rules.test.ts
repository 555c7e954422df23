import { expect, it } from "vitest";
import { emailNamePart, passwordHint, passwordLength, passwordProblem } from "#app/lib/password-rules.ts";

const common = (p: string) => p === "qwerty123456";

it("counts characters as a person does, after NFKC", () => {
  expect(passwordLength("पासवर्ड")).toBe(7);
  expect(passwordLength("😀😀")).toBe(2);
  expect(passwordLength("ﬁ")).toBe(2);
});

it("the e-mail's name part counts from three characters", () => {
  expect(emailNamePart(" Ravi.Kumar@school.in")).toBe("ravi.kumar");
  expect(emailNamePart("ab@school.in")).toBeNull();
});

it("the hint while typing follows the same rules as the server", () => {
  expect(passwordHint("", "a@b.in", common).tone).toBe("neutral");
  expect(passwordHint("eleven char", "a@b.in", common)).toEqual({
    tone: "problem",
    text: "1 more character needed.",
  });
  expect(passwordHint("QWERTY123456", "a@b.in", common).text).toBe(
    passwordProblem("qwerty123456", "a@b.in", common),
  );
  expect(passwordHint("my name is teacher", "teacher@b.in", common).text).toContain("“teacher”");
  expect(passwordHint("twelve chars", "a@b.in", common).tone).toBe("fair");
  expect(passwordHint("four unrelated words here", "a@b.in", common).tone).toBe("strong");
});
