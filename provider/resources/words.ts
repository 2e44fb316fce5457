// How the preview report (provider/report) speaks of a kind: what names an object (a Domain's domain, a QR code's
// data), what each property is called, the link to the object where its outputs carry one, what it must never show
// and what a change breaks. Each kind declares its own beside its inputs; the report reads them from the registry.

type Properties = Record<string, unknown>;

export interface KindWords {
    /** What the object is called in the report, e.g. "Domain". */
    noun: string;
    /** What names the object, shown beside the noun, and the properties it is read from. */
    label?: { from: readonly string[]; text: (properties: Properties) => unknown };
    /** The URL of the object on the service, from its outputs. */
    link?: (outputs: Properties) => unknown;
    /** Property names as a person says them: one for every input and computed output. */
    words: Record<string, string>;
    /** Properties shown as [secret] whatever the preview says (defence in depth: a `--show-secrets` preview). */
    secret?: (properties: Properties) => readonly string[];
    /**
     * The object's public URL, which people hold outside the stack (printed posters, sent e-mails): deleting or
     * replacing the object breaks it, and so does a change of any of `changedBy`.
     */
    publicUrl?: { of: (outputs: Properties) => unknown; changedBy: readonly string[] };
    /** Properties the service never returns: a change to them by hand is drift no refresh can see. */
    unseen?: readonly string[];
}

/** A value of the state in a label: a string or number as it is, anything else (a hostile preview's object) as JSON. */
export const plain = (value: unknown): string =>
    typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
