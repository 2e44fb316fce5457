// A CSV file as records of named cells, each with the line it ends on, read by csv-parse (RFC 4180: quoted fields
// with commas, doubled quotes and line breaks, CRLF or LF, a byte-order mark). A malformed file is an InputError
// naming the line and what is wrong, never quoting the file's text.
import { parse } from "csv-parse/sync";
import { BOUNDS } from "../bounds";
import { InputError } from "./rows";

export interface CsvRecord {
    /** The line the record ends on. */
    line: number;
    /** The cells by their column's name as the header writes it, lower-cased and trimmed; empty cells left out. */
    cells: Readonly<Record<string, string>>;
}

/** What csv-parse's error codes mean, said without the file's text. */
const PROBLEMS: Readonly<Record<string, string>> = {
    CSV_QUOTE_NOT_CLOSED: "a quoted field is not closed",
    CSV_INVALID_CLOSING_QUOTE: "a quote closes a field before its end",
    INVALID_OPENING_QUOTE: "a quote opens inside a field",
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "text follows a closing quote",
    CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "the row has another number of fields than the header",
    CSV_MAX_RECORD_SIZE: `a row of more than ${BOUNDS.maxMigrationRowChars.default} characters`,
};

const MAX_ROWS = BOUNDS.maxMigrationRows.default;

type Parsed = { line: number; values: string[] };

/** The records of the file, up to one row past the bound, or of its first `records` only. */
function parsed(text: string, records = MAX_ROWS + 2): Parsed[] {
    try {
        // With `info`, each record comes with what the parser knew when it ended: its line among it. The parser stops
        // one row past the bound (the header and the rows), and refuses a row past its size, so that what it builds
        // is bounded by the rows a migration takes, not by the file's size.
        const read = parse(text, {
            bom: true,
            skip_empty_lines: true,
            info: true,
            to: records,
            max_record_size: BOUNDS.maxMigrationRowChars.default,
        }) as unknown as {
            info: { lines: number };
            record: string[];
        }[];
        return read.map(({ info, record }) => ({ line: info.lines, values: record }));
    } catch (error) {
        const { code, lines } = error as { code?: string; lines?: number };
        throw new InputError(`line ${lines ?? "?"}: ${PROBLEMS[code ?? ""] ?? "not a CSV row"}`);
    }
}

/** A column as the header names it, lower-cased and trimmed. */
function columnName(name: string): string {
    return name.trim().toLowerCase();
}

/** The columns of a CSV file's header row, named as readCsv names them, read without the rows below it. */
export function csvHeader(text: string): string[] {
    const [header] = parsed(text, 1);
    return header?.values.map(columnName) ?? [];
}

/** The columns a CSV may have, those it must have, and those it must not, each with why. */
export interface Columns {
    known: readonly string[];
    required: readonly string[];
    refused?: Readonly<Record<string, string>>;
}

/** The header's columns, checked: none refused or twice, every one known, every required one there. */
function columnsOf(header: readonly string[], { known, required, refused = {} }: Columns): string[] {
    const columns = header.map(columnName);
    const barred = columns.find((name) => Object.hasOwn(refused, name));
    if (barred !== undefined) throw new InputError(`line 1: the column ${barred}: ${refused[barred]}`);
    const twice = columns.find((name, index) => columns.indexOf(name) !== index);
    if (twice !== undefined) throw new InputError(`line 1: the column ${JSON.stringify(twice)} is there twice`);
    const unknown = columns.filter((name) => !known.includes(name));
    if (unknown.length > 0)
        throw new InputError(
            `line 1: no column is called ${unknown.map((name) => JSON.stringify(name)).join(", ")}; the columns are ${known.join(", ")}`,
        );
    const missing = required.filter((name) => !columns.includes(name));
    if (missing.length > 0) throw new InputError(`line 1: the column ${missing.join(" and ")} is missing`);
    return columns;
}

/** The records of a CSV file with a header row of the given columns. */
export function readCsv(text: string, columns: Columns): CsvRecord[] {
    const [header, ...rows] = parsed(text);
    if (header === undefined) throw new InputError("the file is empty: a header row is needed");
    if (rows.length > MAX_ROWS)
        throw new InputError(`${rows.length} rows, more than the ${MAX_ROWS} one migration takes`);
    const names = columnsOf(header.values, columns);
    return rows.map(({ line, values }) => ({
        line,
        cells: Object.fromEntries(
            names.flatMap((name, index) => (values[index]?.trim() ? [[name, values[index].trim()]] : [])),
        ),
    }));
}
