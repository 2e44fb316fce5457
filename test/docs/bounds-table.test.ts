// docs/security.md's three bounds tables are held to the parts' bounds tables row by row (provider/bounds.ts: the
// service's and the other commands'; wiki/bounds.ts: the wiki tools', with common/bounds.ts's in it):
// each table lists its side's bounds in the table's order, by the table's names, with the default and the setting the
// table gives, written as below. The last column, what happens at the bound, is the doc's own prose: it says no
// number, config key, environment variable or option, which only the table may hold. A failure prints the rows as
// they should read.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BOUNDS as SHORTENER_BOUNDS } from "../../provider/bounds";
import { type Bound, MIB, optionUnit, type Unit } from "../../common/bounds";
import { WIKI_BOUNDS } from "../../wiki/bounds";
import { REPOSITORY_ROOT } from "../support/repository";

const PAGE = "docs/security.md";
/** Every bound of the package: each part's table, in its order. */
const BOUNDS = { ...SHORTENER_BOUNDS, ...WIKI_BOUNDS };
const HEADER = "| bound | default | setting | at the bound |";
const SIDES: readonly Bound["side"][] = ["service", "wiki", "tools"];
/** How the docs write the units options count in. */
const OPTION_SYMBOLS = { MIB: "MiB", SECONDS: "s", CHARACTERS: "characters" } as const;

interface Row {
    name: string;
    default: string;
    setting: string;
    atBound: string;
}

/** Each table of the page with the bounds tables' header, in the page's order. */
function boundsTables(page: string): Row[][] {
    const lines = page.split("\n");
    return lines.flatMap((line, index) => {
        if (line !== HEADER) return [];
        const body = lines.slice(index + 2);
        const end = body.findIndex((next) => !next.startsWith("|"));
        return [(end < 0 ? body : body.slice(0, end)).map(cellsOf)];
    });
}

function cellsOf(line: string): Row {
    const [name, shown, setting, atBound, ...rest] = line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim());
    assert.equal(rest.length, 0, `a row of more than four cells: ${line}`);
    return { name, default: shown, setting, atBound };
}

/** 2^31 - 1 as the docs write such a limit; any other number grouped by thousands. */
function count(value: number): string {
    const exponent = Math.log2(value + 1);
    return Number.isInteger(exponent) && exponent > 20 ? `2^${exponent} - 1` : value.toLocaleString("en-US");
}

/** A value in the unit a reader thinks in. */
function readable(value: number, unit: Unit): string {
    if (unit === "milliseconds") {
        if (value >= 60_000 && value % 60_000 === 0) return `${value / 60_000} minutes`;
        return value % 1000 === 0 ? `${value / 1000} s` : `${count(value)} ms`;
    }
    if (unit === "bytes" && value % MIB === 0) return `${value / MIB} MiB`;
    return `${count(value)} ${unit}`;
}

const symbol = (unit: Unit) => (unit === "milliseconds" ? "ms" : unit);

/** The default as a setting takes it (in config as typed, or in its option's units), else as a reader thinks of it. */
function shownDefault(bound: Bound): string {
    const notes: string[] = [];
    let shown = readable(bound.default, bound.unit);
    if (bound.option) {
        shown = `${bound.default / optionUnit(bound.option).per} ${OPTION_SYMBOLS[bound.option.counts]}`;
    } else if (bound.config) {
        if (!shown.endsWith(` ${symbol(bound.unit)}`)) notes.push(shown);
        shown = `${bound.default} ${symbol(bound.unit)}`;
    }
    if (bound.remark) notes.push(bound.remark);
    return notes.length === 0 ? shown : `${shown} (${notes.join("; ")})`;
}

function shownSetting(bound: Bound): string {
    if (bound.config) {
        const highest = bound.highest === undefined ? "" : `, at most ${count(bound.highest)}`;
        return `\`${bound.config}\` / \`${bound.env}\`${highest}`;
    }
    if (bound.option) {
        const highest =
            bound.highest === undefined ? "" : `, at most ${count(bound.highest / optionUnit(bound.option).per)}`;
        return `\`${bound.option.flag} ${bound.option.counts}\`${highest}`;
    }
    return "none";
}

/** What only the table may say: a digit, or any bound's config key, environment variable or option. */
function tableWords(bounds: Record<string, Bound>): RegExp {
    const words = Object.values(bounds).flatMap((bound) =>
        [bound.config, bound.env, bound.option?.flag].filter((word) => word !== undefined),
    );
    return new RegExp(`\\d|${words.map((word) => word.replace(/[^\w]/g, "\\$&")).join("|")}`);
}

/** Each way the page's bounds tables differ from the bounds, with the rows as they should read. */
function tableMismatches(page: string, bounds: Record<string, Bound>): string[] {
    const tables = boundsTables(page);
    if (tables.length !== SIDES.length)
        return [`${PAGE} has ${tables.length} tables headed "${HEADER}", expected ${SIDES.length}`];
    const forbidden = tableWords(bounds);
    return SIDES.flatMap((side, index) => {
        const rows = tables[index];
        const wanted = Object.values(bounds).filter((bound) => bound.side === side);
        const written = new Map(rows.map((row) => [row.name, row]));
        const expected = wanted.map((bound) => {
            const atBound = written.get(bound.name)?.atBound ?? "(what happens at the bound)";
            return `| ${bound.name} | ${shownDefault(bound)} | ${shownSetting(bound)} | ${atBound} |`;
        });
        const actual = rows.map((row) => `| ${row.name} | ${row.default} | ${row.setting} | ${row.atBound} |`);
        const prose = rows.filter((row) => row.atBound === "" || forbidden.test(row.atBound));
        const remarks = wanted.filter((bound) => bound.remark !== undefined && /\d/.test(bound.remark));
        return [
            ...remarks.map(
                (bound) =>
                    `"${bound.name}": its remark must say no number, which the default already holds ("${bound.remark}")`,
            ),
            ...(actual.join("\n") === expected.join("\n")
                ? []
                : [`the ${side} table should read:\n${expected.join("\n")}`]),
            ...prose.map(
                (row) =>
                    `the ${side} table's "${row.name}": its last column must be prose without a number, key or option ("${row.atBound}")`,
            ),
        ];
    });
}

describe("docs: the bounds tables of security.md are the bounds table of the code", () => {
    const page = readFileSync(join(REPOSITORY_ROOT, PAGE), "utf8");

    it("lists every bound of each side, in order, with its default and setting", () => {
        assert.deepEqual(tableMismatches(page, BOUNDS), []);
    });

    it("keeps each part's bounds in its own table: no wiki bound in the shortener's, nothing but wiki bounds in the validator's", () => {
        const keysWhere = (table: Record<string, Bound>, wanted: (bound: Bound) => boolean) =>
            Object.entries(table).flatMap(([key, bound]) => (wanted(bound) ? [key] : []));
        assert.deepEqual(
            keysWhere(SHORTENER_BOUNDS, (bound) => bound.side === "wiki"),
            [],
        );
        assert.deepEqual(
            keysWhere(WIKI_BOUNDS, (bound) => bound.side !== "wiki"),
            [],
        );
    });

    it("fails on a changed default, a new bound, and a number in the prose or a remark (the check itself)", () => {
        const changed = {
            ...BOUNDS,
            requestTimeoutMs: { ...BOUNDS.requestTimeoutMs, default: BOUNDS.requestTimeoutMs.default + 1 },
        };
        assert.match(
            tableMismatches(page, changed).join("\n"),
            /the service table should read:[^]*\| time per request \| 30001 ms \|/,
        );
        const added: Record<string, Bound> = {
            ...BOUNDS,
            extra: { name: "an extra bound", side: "wiki", unit: "names", default: 3 },
        };
        assert.match(
            tableMismatches(page, added).join("\n"),
            /the wiki table should read:[^]*\| an extra bound \| 3 names \| none \| \(what happens at the bound\) \|/,
        );
        const numbered = page.replace("| a `timeout` error;", "| a `timeout` error after 30 s;");
        assert.notEqual(numbered, page);
        assert.match(tableMismatches(numbered, BOUNDS).join("\n"), /"time per request": its last column must be prose/);
        const remarked = { ...BOUNDS, maxTimerMs: { ...BOUNDS.maxTimerMs, remark: "about 24.8 days" } };
        assert.match(tableMismatches(page, remarked).join("\n"), /"any timer": its remark must say no number/);
    });
});
