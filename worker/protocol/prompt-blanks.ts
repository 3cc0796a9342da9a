// Blanks in a prompt's text: `{{name}}` marks a field the user fills in before the text goes into the chat input (a
// library prompt's or one of the user's own). One grammar for the SPA's form and the worker's checks of the catalogue:
//   blank := "{{" inner "}}", where inner is 1 to 40 characters (code points), each a letter, mark or digit of any
//            script, a space, "_" or "-"; the name is inner trimmed, and must not be empty.
// Same name (after trimming, case-sensitive) = same field, filled once everywhere it appears; fields are listed in the
// order of their first appearance. Anything else with braces (unclosed "{{", "{{}}", a name with punctuation or past
// 40 characters) is plain text and stays as written.

/** Most characters between the braces of a blank, spaces included. */
export const PROMPT_BLANK_NAME_MAX = 40;

const BLANK = new RegExp(`\\{\\{([\\p{L}\\p{M}\\p{N} _-]{1,${PROMPT_BLANK_NAME_MAX}})\\}\\}`, "gu");

/** The field names of `text`'s blanks, each once, in the order of their first appearance. */
export function promptBlanks(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(BLANK)) {
    const name = match[1]!.trim();
    if (name) names.add(name);
  }
  return [...names];
}

/**
 * `text` with every blank replaced by its value, inserted as written (a value holding braces is not read again). A
 * blank without a value, or with an empty one, stays as written so the user still sees what is missing.
 */
export function fillPromptBlanks(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(BLANK, (blank, inner: string) => {
    const name = inner.trim();
    const value = name && Object.hasOwn(values, name) ? values[name]!.trim() : "";
    return value || blank;
  });
}
