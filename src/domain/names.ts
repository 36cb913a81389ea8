/** Name rules of spec §5: cleaning, joining first plus last name, and title case for display. */

// "Punctuation" is read as Unicode punctuation and symbols, the classes that hold every ASCII punctuation mark
// (!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~), so "O'Brien" becomes "OBrien" just as "Ann-Marie" becomes "AnnMarie".
const PUNCTUATION = /[\p{P}\p{S}]/gu;
const WHITESPACE_RUN = /\s+/gu;
// A word for title case is a run of letters, digits and combining marks; anything else separates words.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Removes punctuation, collapses whitespace runs to one space and trims (§5 name cleaning). */
export function cleanName(text: string): string {
  return text.replace(PUNCTUATION, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** The cleaned "first last" name, or null unless both parts are present after cleaning (§5). */
export function joinName(firstName: string, lastName: string): string | null {
  const first = cleanName(firstName);
  const last = cleanName(lastName);
  return first === '' || last === '' ? null : `${first} ${last}`;
}

/** Title case for displayed names and the custom relationship (§5): each word's first letter upper, rest lower. */
export function titleCase(text: string): string {
  return text.replace(WORD, (word) => {
    const [first = '', ...rest] = Array.from(word);
    return first.toLocaleUpperCase('en-US') + rest.join('').toLocaleLowerCase('en-US');
  });
}

/** A name as displayed (§5): cleaned, then title-cased. */
export function displayName(text: string): string {
  return titleCase(cleanName(text));
}
