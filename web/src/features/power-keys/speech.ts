// Reading an answer aloud, the pure part: the voice's language guessed from the answer's script, and the answer cut into
// pieces the synthesizer finishes. No browser calls.
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/**
 * The voice to read a text in, roughly from its letters: Russian when Cyrillic letters outnumber Latin ones, Chinese
 * when Han characters are at least half as many as Latin letters (one character is about a syllable), Vietnamese
 * when at least 3% of the Latin letters carry its own diacritics (ă, â, đ, ê, ô, ơ, ư and the tone marks), else English.
 */
export function speechLanguage(text: string): string {
  const latin = count(text, /[a-zA-Z\u00C0-\u024F\u1E00-\u1EFF]/g);
  const cyrillic = count(text, /[\u0400-\u04FF]/g);
  const han = count(text, /[\u3400-\u9FFF\uF900-\uFAFF]/g);
  if (han > 0 && han * 2 >= latin && han >= cyrillic) return "zh-CN";
  if (cyrillic > latin) return "ru-RU";
  const vietnamese = count(text, /[ăâđêôơưĂÂĐÊÔƠƯ\u1EA0-\u1EF9]/g);
  if (vietnamese > 0 && vietnamese >= latin * 0.03) return "vi-VN";
  return "en-US";
}

/** Longest piece handed to the synthesizer at once, in characters: Chrome stops long utterances after ~15 s. */
export const SPEECH_PIECE_CHARS = 220;

/** A text cut into pieces of at most SPEECH_PIECE_CHARS, at sentence ends where it can, else at spaces. */
export function speechPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const sentence of text.trim().split(/(?<=[.!?。！？;:\n])\s+/)) {
    for (const part of sentence.length > SPEECH_PIECE_CHARS ? sentence.split(/\s+/) : [sentence]) {
      if (!part) continue;
      if (piece && piece.length + part.length + 1 > SPEECH_PIECE_CHARS) {
        pieces.push(piece);
        piece = "";
      }
      piece = piece ? `${piece} ${part}` : part;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}
