// A deterministic random source for generated markdown, shared by the renderer tests and the benchmark.

/** mulberry32: a small seeded PRNG, so generated documents are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` texts of up to `maxLength` characters drawn from `alphabet`, the same on every run: inputs for comparing a
 * rewrite with the expression it replaces.
 */
export function randomTexts(seed: number, alphabet: string, count: number, maxLength = 24): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    let text = "";
    for (let k = Math.floor(random() * maxLength); k > 0; k--) text += alphabet[Math.floor(random() * alphabet.length)];
    return text;
  });
}
