// The CLI's color directives and their rendering (sdk/go/common/diag/colors/colors.go): text carries `<{%fg 2%}>`-style
// directives; Colorize drops them (never), keeps them (raw, what Go's display tests compare) or writes ANSI codes
// (always).
export type Colorization = "always" | "never" | "raw";

const LEFT = "<{%";
const RIGHT = "%}>";
const command = (name: string) => `${LEFT}${name}${RIGHT}`;

/** colors.go's directives and the ANSI codes writeDirective writes for each. */
const CODES = new Map<string, string>([
    [command("reset"), "0"],
    [command("bold"), "1"],
    [command("underline"), "4"],
    ...[1, 2, 3, 4, 5, 6, 9, 10, 12, 13, 14, 0, 8].map((n): [string, string] => [command(`fg ${n}`), `38;5;${n}`]),
    ...[1, 2, 3, 4].map((n): [string, string] => [command(`bg ${n}`), `48;5;${n}`]),
]);

export const Reset = command("reset");
export const Bold = command("bold");
export const Red = command("fg 1");
const Green = command("fg 2");
const Yellow = command("fg 3");
const Magenta = command("fg 5");
const BrightRed = command("fg 9");
const BrightGreen = command("fg 10");
const BrightMagenta = command("fg 13");
const BrightCyan = command("fg 14");

export const SpecUnimportant = Reset;
export const SpecInfo = Magenta;
export const SpecError = Red;
export const SpecWarning = Yellow;
export const SpecHeadline = BrightMagenta + Bold;
export const SpecCreate = Green;
export const SpecUpdate = Yellow;
export const SpecReplace = BrightMagenta;
export const SpecDelete = Red;
export const SpecCreateReplacement = BrightGreen;
export const SpecDeleteReplaced = BrightRed;
export const SpecRead = BrightCyan;

/** Colorization.Colorize (colorizeText without a maximum width): an unterminated directive ends the text. */
export function colorize(text: string, colorization: Colorization): string {
    if (!text.includes(LEFT)) return text;
    let out = "";
    let rest = text;
    while (rest.length > 0) {
        const start = rest.indexOf(LEFT);
        if (start === -1) return out + rest;
        out += rest.slice(0, start);
        const end = rest.indexOf(RIGHT, start);
        if (end === -1) return out;
        out += directive(rest.slice(start, end + RIGHT.length), colorization);
        rest = rest.slice(end + RIGHT.length);
    }
    return out;
}

/** writeDirective. */
function directive(name: string, colorization: Colorization): string {
    if (colorization === "never") return "";
    if (colorization === "raw") return name;
    const code = CODES.get(name);
    if (code === undefined) throw new Error(`Unrecognized color code: ${JSON.stringify(name)}`);
    return `\x1b[${code}m`;
}
