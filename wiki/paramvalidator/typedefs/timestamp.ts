// TimestampDef: what wikimedia/timestamp's ConvertibleTimestamp parses (its REGEXES, tried in order),
// "now", and the falsy values "" and "0", which mean now with a warning. As in PHP's
// DateTime::createFromFormat, out-of-range fields roll over (month 13 is January of the next year);
// the result must still fit MediaWiki's 14-digit form, i.e. a year from 0000 to 9999.
import { shownValue } from "../spec";
import { TypeDef, ValidationFailure } from "./typedef";

interface Fields {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
    /** Minutes east of UTC. */
    offset: number;
}

type Reader = (match: RegExpExecArray) => Fields | number | undefined;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const WEEKDAYS = new Set(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);
const FULL_WEEKDAYS = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
const ZONE_HOURS: ReadonlyMap<string, number> = new Map([
    ["UT", 0],
    ["UTC", 0],
    ["GMT", 0],
    ["Z", 0],
    ["WET", 0],
    ["BST", 1],
    ["CET", 1],
    ["WEST", 1],
    ["EET", 2],
    ["CEST", 2],
    ["EEST", 3],
    ["MSK", 3],
    ["IST", 5.5],
    ["JST", 9],
    ["EST", -5],
    ["EDT", -4],
    ["CST", -6],
    ["CDT", -5],
    ["MST", -7],
    ["MDT", -6],
    ["PST", -8],
    ["PDT", -7],
    ["AKST", -9],
    ["AKDT", -8],
    ["HST", -10],
]);
const NUMERIC_ZONE = /^([+-])(\d\d):?(\d\d)?$/;
const MILITARY_ZONE = /^[A-IK-Za-ik-z]$/;

function zoneOffset(zone: string | undefined): number | undefined {
    if (zone === undefined) return 0;
    const numeric = NUMERIC_ZONE.exec(zone);
    if (numeric) return (numeric[1] === "-" ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0));
    const hours = ZONE_HOURS.get(zone.toUpperCase());
    if (hours !== undefined) return hours * 60;
    if (MILITARY_ZONE.test(zone)) {
        // A..I are +1..+9, K..M +10..+12, N..Y -1..-12, Z is UTC.
        const letter = zone.toUpperCase().charCodeAt(0);
        if (letter === 90) return 0;
        if (letter <= 73) return (letter - 64) * 60;
        if (letter <= 77) return (letter - 65) * 60;
        return -(letter - 77) * 60;
    }
    return undefined;
}

function monthNumber(name: string): number | undefined {
    const index = MONTHS.indexOf(name.toLowerCase());
    return index < 0 ? undefined : index + 1;
}

function fields(
    year: string | number,
    month: string | number,
    day: string,
    hour: string,
    minute: string,
    second: string,
    zone?: string,
): Fields | undefined {
    const offset = zoneOffset(zone);
    if (offset === undefined) return undefined;
    return {
        year: Number(year),
        month: Number(month),
        day: Number(day),
        hour: Number(hour),
        minute: Number(minute),
        second: Number(second),
        offset,
    };
}

function twoDigitYear(year: string): number {
    // RFC 2626 section 11.2, as ConvertibleTimestamp applies it: the year within 50 years of now.
    const pivot = new Date().getUTCFullYear() + 50;
    const full = pivot - (pivot % 100) + Number(year);
    return full > pivot ? full - 100 : full;
}

// PHP's createFromFormat reads at most four digits of a year.
function rfc2822Year(year: string): number | undefined {
    if (year.length > 4) return undefined;
    const value = Number(year);
    return value < 1000 ? value + (value < 50 ? 2000 : 1900) : value;
}

const FORMS: readonly [RegExp, Reader][] = [
    // TS_MW
    [/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, (m) => fields(m[1], m[2], m[3], m[4], m[5], m[6])],
    // TS_UNIX
    [/^(-?\d{1,13})$/, (m) => Number(m[1]) * 1000],
    // TS_ISO_8601 (PCRE's "$" without /D also matches before a final newline)
    [
        /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,]\d{1,6})?(Z|[+-]\d{2}(?::?\d{2})?)?\n?$/,
        (m) => fields(m[1], m[2], m[3], m[4], m[5], m[6], m[7]),
    ],
    // TS_ISO_8601_BASIC
    [
        /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:[.,]\d{1,6})?(Z|[+-]\d{2}(?::?\d{2})?)?\n?$/,
        (m) => fields(m[1], m[2], m[3], m[4], m[5], m[6], m[7]),
    ],
    // TS_UNIX_MICRO
    [/^(-?\d{1,13})\.\d{1,6}$/, (m) => Number(m[1]) * 1000],
    // TS_ORACLE
    [/^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})\.\d{6}\n?$/, (m) => fields(m[3], m[2], m[1], m[4], m[5], m[6])],
    // TS_POSTGRES (a space may stand for "+" before the zone)
    [
        /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?([+\- ]\d\d)\n?$/,
        (m) => fields(m[1], m[2], m[3], m[4], m[5], m[6], m[7].replace(" ", "+")),
    ],
    // old TS_POSTGRES
    [
        /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d{1,6})? GMT\n?$/,
        (m) => fields(m[1], m[2], m[3], m[4], m[5], m[6]),
    ],
    // TS_EXIF
    [/^(\d{4}):(\d\d):(\d\d) (\d\d):(\d\d):(\d\d)$/, (m) => fields(m[1], m[2], m[3], m[4], m[5], m[6])],
    // TS_RFC2822, with an optional zone and an optional trailing comment
    [
        /^[ \t\r\n]*(?:([A-Z][a-z]{2}),[ \t\r\n]*)?(\d\d?)[ \t\r\n]+([A-Z][a-z]{2})[ \t\r\n]+(\d{2,})[ \t\r\n]+(\d\d)[ \t\r\n]*:[ \t\r\n]*(\d\d)[ \t\r\n]*:[ \t\r\n]*(\d\d)(?:[ \t\r\n]+([+-]\d{4}|UT|GMT|[ECMP][SD]T|[A-IK-Za-ik-z]))?(?:[ \t\r\n]*;|$)/,
        (m) => {
            const month = monthNumber(m[3]);
            const year = rfc2822Year(m[4]);
            if ((m[1] !== undefined && !WEEKDAYS.has(m[1].toLowerCase())) || month === undefined || year === undefined)
                return undefined;
            // RFC 2822 reads every one-letter zone as +0000 (an error in RFC 822).
            const zone = m[8] !== undefined && m[8].length === 1 ? "+0000" : m[8];
            return fields(year, month, m[2], m[5], m[6], m[7], zone);
        },
    ],
    // TS_RFC850
    [
        /^([A-Z][a-z]{5,8}), (\d\d)-([A-Z][a-z]{2})-(\d{2}) (\d\d):(\d\d):(\d\d)(?: ([+-]\d{2}(?::?\d{2})?|[A-Z]{1,5}))?\n?$/,
        (m) => {
            const month = monthNumber(m[3]);
            if (!FULL_WEEKDAYS.has(m[1].toLowerCase()) || month === undefined) return undefined;
            return fields(twoDigitYear(m[4]), month, m[2], m[5], m[6], m[7], m[8]);
        },
    ],
    // asctime
    [
        /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) +(\d{1,2}) (\d\d):(\d\d):(\d\d) (\d{4})\s*$/,
        (m) => {
            const month = monthNumber(m[2]);
            if (!WEEKDAYS.has(m[1].toLowerCase()) || month === undefined) return undefined;
            return fields(m[7], month, m[3], m[4], m[5], m[6]);
        },
    ],
];

function epochMillis(read: Fields | number): number {
    if (typeof read === "number") return read;
    const date = new Date(0);
    // setUTCFullYear, unlike Date.UTC, keeps years 0..99 as written; both roll overflowing fields over.
    date.setUTCFullYear(read.year, read.month - 1, read.day);
    date.setUTCHours(read.hour, read.minute - read.offset, read.second);
    return date.getTime();
}

function fitsMediaWikiForm(millis: number): boolean {
    if (Number.isNaN(millis)) return false;
    const year = new Date(millis).getUTCFullYear();
    return year >= 0 && year <= 9999;
}

/** The time ConvertibleTimestamp reads in the value (ms since the epoch), if it fits MediaWiki's 14-digit form. */
function readTimestamp(value: string): number | undefined {
    for (const [pattern, reader] of FORMS) {
        const match = pattern.exec(value);
        if (!match) continue;
        const read = reader(match);
        if (read === undefined) return undefined;
        const millis = epochMillis(read);
        return fitsMediaWikiForm(millis) ? millis : undefined;
    }
    return undefined;
}

/** True when ConvertibleTimestamp reads the value as a time that MediaWiki's 14-digit form can hold. */
function isMediaWikiTimestamp(value: string): boolean {
    return value === "now" || readTimestamp(value) !== undefined;
}

/** The value in MediaWiki's 14-digit form (TS_MW, as the database writes it), when ConvertibleTimestamp reads it. */
export function toMediaWikiForm(value: string): string | undefined {
    const millis = readTimestamp(value);
    if (millis === undefined) return undefined;
    const date = new Date(millis);
    const parts = [
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
    ];
    return String(date.getUTCFullYear()).padStart(4, "0") + parts.map((part) => String(part).padStart(2, "0")).join("");
}

export const timestampDef: TypeDef = {
    validate(value, spec, context) {
        // PHP's falsy strings: ConvertibleTimestamp takes them as the current time.
        if (value === "" || value === "0") {
            context.record(
                "unclearnowtimestamp",
                `Passing ${shownValue(spec, value)} for timestamp parameter "${spec.requestName}" is deprecated; use "now" for the current time.`,
            );
            return value;
        }
        if (!isMediaWikiTimestamp(value)) {
            return new ValidationFailure(
                "badtimestamp",
                `Invalid value ${shownValue(spec, value)} for timestamp parameter "${spec.requestName}": ` +
                    'use ISO 8601 (2024-05-01T12:00:00Z), the 14-digit form (20240501120000), a Unix time or "now".',
            );
        }
        return value;
    },
    enumValues: () => undefined,
};
