// What shortener-import needs of a listed kind beyond what the provider reads: where the kind's objects go in its
// options, its JSON and its program, and what names them there. Each listed kind declares it in its definition.

/** How shortener-import takes the objects of a listed kind (R: an object as the service lists it). */
export interface ImportedAs<R> {
    /** The kind's name in --kinds, e.g. "qrcodes". */
    option: string;
    /** The key of the kind's objects in the JSON (--json), e.g. "qrCodes". */
    snapshotKey: string;
    /** The section of the program that declares them, e.g. "QR codes". */
    title: string;
    /** The first word of their variables, and the name of an object whose name has no usable word. */
    prefix: string;
    /** The text an object's resource name is derived from. */
    nameText(remote: R): string;
}
