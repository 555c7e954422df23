/** Only http(s) URLs are ever stored or rendered as links. Returns the normalised URL or null. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname) return null;
  return url.href;
}
