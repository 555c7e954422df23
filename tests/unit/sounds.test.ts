import { describe, expect, it } from "vitest";
import { hindiStem, indexedSounds, querySound, soundOf } from "#app/server/search/sounds.server.ts";

// Romanised Hindi as students type it, against the Devanagari it means (DESIGN 8.2).
describe("how a word sounds, in either script", () => {
  it.each([
    ["prakash", "प्रकाश"],
    ["prakaash", "प्रकाश"],
    ["surdas", "सूरदास"],
    ["sooradaas", "सूरदास"],
    ["pad", "पद"],
    ["paani", "पानी"],
    ["pani", "पानी"],
    ["gyan", "ज्ञान"],
    ["jnana", "ज्ञान"],
    ["shakti", "शक्ति"],
    ["krishna", "कृष्ण"],
    ["hindi", "हिंदी"],
    ["hindi", "हिन्दी"],
    ["sambandh", "संबंध"],
    ["mein", "में"],
    ["vigyan", "विज्ञान"],
    ["vigyaan", "विज्ञान"],
    ["kshitij", "क्षितिज"],
    ["kritika", "कृतिका"],
    ["ganit", "गणित"],
    ["paravartan", "परावर्तन"],
    ["padhai", "पढ़ाई"],
    ["zameen", "ज़मीन"],
  ])("%s sounds like %s", (roman, devanagari) => {
    expect(soundOf(roman)).not.toBeNull();
    expect(indexedSounds(devanagari)).toContain(soundOf(roman));
  });

  it.each([
    ["prakash", "पक्षी"],
    ["pad", "पेड़"],
    ["gyan", "गान"],
    ["kamal", "कोमल"],
  ])("%s does not sound like %s", (roman, devanagari) => {
    expect(indexedSounds(devanagari)).not.toContain(soundOf(roman));
  });

  it("takes common inflections off Devanagari words, keeping short words whole", () => {
    expect(hindiStem("अम्लों")).toBe("अम्ल");
    expect(hindiStem("लड़कियों")).toBe("लड़क");
    expect(hindiStem("पढ़ाएंगे")).toBe("पढ़");
    expect(hindiStem("पद")).toBe("पद");
    expect(hindiStem("की")).toBe("की");
    expect(querySound("अम्लों")).toBe(querySound("अम्ल"));
    expect(indexedSounds("अम्ल")).toContain(querySound("अम्लों"));
  });

  it("has no sound for other scripts, digits, or words too short to tell apart", () => {
    for (const word of ["a", "aa", "ह", "x1", "10", "Ωμέγα", "日本", ""])
      expect(soundOf(word), word).toBeNull();
    expect(indexedSounds("photosynthesis")).toEqual([]);
  });
});
