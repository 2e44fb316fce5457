// Texts of 1 MB that make a backtracking tag cleaner quadratic: each repeats a unit that opens a script block or a
// tag and leaves the search for its end to scan the rest of the text again.
export const HOSTILE_MARKUP_BYTES = 1 << 20;

const UNITS = ["<script>", "<script", "<script <script>x</script>", "</script  x", "<script>a<", "<a<"];

export function hostileMarkup(): { unit: string; text: string }[] {
    return UNITS.map((unit) => ({
        unit,
        text: unit.repeat(Math.ceil(HOSTILE_MARKUP_BYTES / unit.length)).slice(0, HOSTILE_MARKUP_BYTES),
    }));
}
