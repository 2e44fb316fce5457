// How api.php carries several values in one parameter (ParamValidator::explodeMultiValue and
// implodeMultiValue): values are joined with "|", unless one of them contains "|"; then the whole
// value starts with U+001F and U+001F separates the values.

const UNIT_SEPARATOR = "\x1f";

export function explodeMultiValue(value: string): string[] {
    if (value === "" || value === UNIT_SEPARATOR) return [];
    if (value.charCodeAt(0) === 0x1f) return value.slice(1).split(UNIT_SEPARATOR);
    return value.split("|");
}

export function implodeMultiValue(values: readonly string[]): string {
    // No joined form yields one empty value; "|" yields two, which deduplicate to one.
    if (values.length === 1 && values[0] === "") return "|";
    for (const value of values) {
        if (value.includes("|")) return UNIT_SEPARATOR + values.join(UNIT_SEPARATOR);
    }
    return values.join("|");
}

export function startsWithUnitSeparator(value: string): boolean {
    return value.charCodeAt(0) === 0x1f;
}
