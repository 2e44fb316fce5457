// How text from outside (a definition, a catalogue, a service's answer) appears in a message or a report: cut to a
// few hundred characters (a 100 MB value is shown by its start and its length), and with every control character
// escaped, so that no value can move a terminal's cursor, colour it, or start a line of its own.
import { BOUNDS } from "../bounds";

/** The most characters of one value a message shows. */
const MAX_SHOWN_CHARACTERS = BOUNDS.maxShownValueChars.default;

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escapeCharacter(character: string): string {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

// What JSON.stringify leaves raw among them.
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;

/** JSON text (of JSON.stringify) with the controls it leaves raw escaped too. */
export function escapeJsonControls(json: string): string {
    return json.replace(RAW_IN_JSON, escapeCharacter);
}

/** Every control character as a \uXXXX escape. */
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
