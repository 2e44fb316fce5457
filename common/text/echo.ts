// How text from outside (a definition, a catalogue, a service's answer) appears in a message or a report: cut to a
// few hundred characters (a 100 MB value is shown by its start and its length), and with every control and invisible
// format character escaped, so that no value can move a terminal's cursor, colour it, start a line of its own, turn
// the text around it right to left (bidi overrides) or hide a character (zero-width ones).
import { COMMON_BOUNDS } from "../bounds";

/** The most characters of one value a message shows. */
const MAX_SHOWN_CHARACTERS = COMMON_BOUNDS.maxShownValueChars.default;

// Controls (C0, C1, DEL), format characters (bidi embeddings, overrides, isolates and marks, zero-width spaces and
// joiners, the byte-order mark, soft hyphens, tags) and the Unicode line and paragraph separators.
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A character as JSON escapes it: \uXXXX for each of its UTF-16 code units (two for a character past U+FFFF). */
function escapeCharacter(character: string): string {
    return [...Array(character.length).keys()]
        .map((unit) => `\\u${character.charCodeAt(unit).toString(16).padStart(4, "0")}`)
        .join("");
}

// What JSON.stringify leaves raw among them: all but the C0 controls.
const RAW_IN_JSON = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/** JSON text (of JSON.stringify) with the controls it leaves raw escaped too. */
export function escapeJsonControls(json: string): string {
    return json.replace(RAW_IN_JSON, escapeCharacter);
}

/** Every control and format character as \uXXXX escapes. */
export function escapeControls(text: string): string {
    return text.replace(CONTROL, escapeCharacter);
}

/** The text, or its first `max` characters and how long it is. */
export function cut(text: string, max: number = MAX_SHOWN_CHARACTERS): string {
    return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}

/** A value as a message quotes it: cut, in double quotes, with JSON's escapes and every control character escaped. */
export function quoted(value: string): string {
    const shown = JSON.stringify(value.length <= MAX_SHOWN_CHARACTERS ? value : value.slice(0, MAX_SHOWN_CHARACTERS));
    const escaped = escapeControls(shown);
    return value.length <= MAX_SHOWN_CHARACTERS ? escaped : `${escaped}... (${value.length} characters)`;
}
