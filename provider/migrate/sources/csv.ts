// A CSV of one's own (a spreadsheet's export): a header row naming the columns, one link a row. The column names are
// the Link's own inputs, and the UTM fields under the names of their query parameters.
import { UTM_KEYS } from "../../resources/link-values";
import { readCsv } from "../csv-table";
import type { LinkFields, SourceRow } from "../rows";

const TEXT_COLUMNS = ["url", "alias", "domain", "title", "description", "image", "expiry"] as const;
const UTM_COLUMNS = UTM_KEYS.map((key) => `utm_${key}`);
export const CSV_COLUMNS = [...TEXT_COLUMNS, ...UTM_COLUMNS];

/** Columns a person might add that the migration must not carry: said why, rather than "no such column". */
const NOT_CARRIED: Readonly<Record<string, string>> = {
    password:
        "passwords are not carried: links.json is data kept with the program; declare a link's password in the program, from a secret (pulumi config set --secret)",
};

export function readOwnCsv(text: string): SourceRow[] {
    return readCsv(text, { known: CSV_COLUMNS, required: ["url"], refused: NOT_CARRIED }).map(({ line, cells }) => {
        const fields: LinkFields = Object.fromEntries(
            TEXT_COLUMNS.flatMap((name) => (cells[name] ? [[name, cells[name]]] : [])),
        );
        const utm = Object.fromEntries(
            UTM_KEYS.flatMap((key) => (cells[`utm_${key}`] ? [[key, cells[`utm_${key}`]]] : [])),
        );
        if (Object.keys(utm).length > 0) fields.utm = utm;
        return { where: `line ${line}`, fields };
    });
}
