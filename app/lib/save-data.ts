/**
 * Marks what a public page holds that a visitor saving data does without (the QR codes to install
 * the app, made to be scanned with another phone, and their words): in the page's Save-Data form
 * (app/server/platform/save-data.server.ts) an <img>, <p>, <span> or <figure> so marked goes whole, words and
 * all. A marked element ends at its first end tag: it must not hold another of its kind.
 */
export const SAVE_DATA_OMIT = "data-save-data-omit";
