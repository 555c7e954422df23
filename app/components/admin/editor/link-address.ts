/** What the admin typed in the Link prompt, judged: a safe https address, a removal, or a message. */
export type LinkAnswer =
  | { kind: "set"; href: string }
  | { kind: "remove" }
  | { kind: "refused"; message: string };

/**
 * Links in notes and posts open other sites for students, so only secure web addresses
 * are accepted. A bare "ncert.nic.in" gets https:// in front; an empty answer removes the link.
 */
export function judgeLinkAddress(answer: string): LinkAnswer {
  const typed = answer.trim();
  if (typed === "" || typed === "https://") return { kind: "remove" };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed.replace(/^\/+/, "")}`;
  let url: URL | null = null;
  try {
    url = new URL(withScheme);
  } catch {
    url = null;
  }
  if (url?.protocol === "http:") {
    return {
      kind: "refused",
      message: `Link not added: "${typed}" starts with http://. Use the secure address starting with https:// (open the page in your browser and copy the address from there).`,
    };
  }
  if (url?.protocol !== "https:" || !url.hostname.includes(".") || /\s/.test(typed)) {
    return {
      kind: "refused",
      message: `Link not added: "${typed}" is not a web address. Paste a full address starting with https://, for example https://ncert.nic.in`,
    };
  }
  return { kind: "set", href: url.href };
}
