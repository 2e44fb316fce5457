// UserDef: which kind of user designator a value is (UserDef::processUser), and whether the parameter
// accepts that kind (its subtypes). Kinds: id ("#123"), interwiki ("wiki>Name"), name, temp (a
// temporary account, "~" then a serial, the default pattern), ip, cidr (an IP range).
// Whether a wiki has temporary accounts is its configuration ($wgAutoCreateTempUser['known'], off by default), which
// site data do not carry, and UserDef::validate accepts a temporary account only when it exists (the wiki's data): a
// refusal that depends on either is one that may occur.
import { ParamSpec, shownValue } from "../spec";
import { isValidIP, isValidRange } from "../../mediawiki/ip-utils";
import { NS_MAIN, NS_USER, parseTitle, upperFirst } from "../../mediawiki/title-parser";
import { TypeDef, ValidationFailure } from "./typedef";
import { versionBefore } from "../../version";

type UserKind = "id" | "interwiki" | "name" | "temp" | "ip" | "cidr";

const DEFAULT_SUBTYPES: readonly string[] = ["name", "ip", "temp", "cidr", "interwiki"];
const USER_ID = /^#\d+$/;
const LOOKS_LIKE_IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.(?:xxx|\d{1,3})$/;
const CLOAKED_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)\.){3}xxx$/;
// UserNameUtils::isValid's troublemakers: Latin-1 controls, no-break and other spaces, private use.
const TROUBLEMAKERS = /[\u0080-\u009f\u00a0\u2000-\u200f\u2028-\u202f\u3000\ue000-\uf8ff]/;
const MAX_NAME_BYTES = 255;
// MainConfigSchema's AutoCreateTempUser genPattern "~$1", which matchPattern follows by default.
const TEMPORARY_ACCOUNT_PREFIX = "~";
// MediaWiki 1.39's UserDef has no temporary accounts: "~2024-1" is an ordinary user name there.
const TEMPORARY_ACCOUNTS_SINCE = "1.40";
const WITH_TEMPORARY_ACCOUNTS =
    "the wiki has temporary accounts ($wgAutoCreateTempUser['known']) and no such temporary account exists";
const WITH_TEMPORARY_ACCOUNTS_REFUSED = "the wiki has temporary accounts ($wgAutoCreateTempUser['known'])";
const WITHOUT_TEMPORARY_ACCOUNTS =
    "the wiki has no temporary accounts ($wgAutoCreateTempUser['known'] off, the default), or no such temporary account exists";

const KIND_NAMES: ReadonlyMap<string, string> = new Map([
    ["id", "a user ID (#123)"],
    ["interwiki", "an interwiki user name (prefix>Name)"],
    ["name", "a user name"],
    ["temp", "a temporary account"],
    ["ip", "an IP address"],
    ["cidr", "an IP range"],
]);

function looksLikeIP(name: string): boolean {
    return isValidIP(name) || LOOKS_LIKE_IPV4.test(name);
}

// UserNameUtils::isValid
function isValidName(name: string): boolean {
    if (name === "" || looksLikeIP(name) || name.includes("/") || Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES)
        return false;
    if (name !== upperFirst(name)) return false;
    const title = parseTitle(name);
    return title !== undefined && title.namespace === NS_MAIN && title.text === name && !TROUBLEMAKERS.test(name);
}

// UserNameUtils::getCanonical with RIGOR_VALID
function canonicalName(value: string): string | undefined {
    const name = upperFirst(value);
    if (name.includes("#")) return undefined;
    const title = parseTitle(name, NS_USER);
    if (title === undefined || title.namespace !== NS_USER) return undefined;
    return isValidName(title.text) ? title.text : undefined;
}

function userPageText(value: string): string | undefined {
    let title = parseTitle(value);
    if (title === undefined || title.namespace !== NS_USER) title = parseTitle(`User:${value}`);
    return title !== undefined && title.namespace === NS_USER ? title.text : undefined;
}

// The kind on a wiki without temporary accounts.
function userKind(value: string): UserKind | undefined {
    if (USER_ID.test(value)) return "id";
    if (value.includes(">")) return value.includes("#") ? undefined : "interwiki";
    if (canonicalName(value) !== undefined) return "name";
    if (value.includes("#")) return undefined;
    const text = userPageText(value);
    if (text === undefined) return undefined;
    if (isValidIP(text) || CLOAKED_IPV4.test(text)) return "ip";
    return isValidRange(text) ? "cidr" : undefined;
}

function refusal(value: string, spec: ParamSpec, kind: UserKind | undefined, subtypes: readonly string[]): string {
    const shown = `Invalid value ${shownValue(spec, value)} for user parameter "${spec.requestName}"`;
    if (kind === undefined) return `${shown}: it is not a valid user designator.`;
    const accepted = subtypes.map((subtype) => KIND_NAMES.get(subtype) ?? subtype).join(", ");
    return `${shown}: it is ${KIND_NAMES.get(kind)}, but the parameter accepts only ${accepted}.`;
}

export const userDef: TypeDef = {
    validate(value, spec, context) {
        const subtypes = spec.info.subtypes?.length ? spec.info.subtypes : DEFAULT_SUBTYPES;
        const accepts = (kind: UserKind | undefined) => kind !== undefined && subtypes.includes(kind);
        const kind = userKind(value);
        // Since TEMPORARY_ACCOUNTS_SINCE, UserNameUtils::isTemp decides before any other kind but the id and interwiki.
        // A "~" text that is no user designator at all is refused either way: a temporary account must exist, and no
        // account has a name that is not valid.
        const maybeTemporary =
            kind !== undefined &&
            kind !== "id" &&
            kind !== "interwiki" &&
            value.startsWith(TEMPORARY_ACCOUNT_PREFIX) &&
            !versionBefore(context.mediawikiVersion, TEMPORARY_ACCOUNTS_SINCE);
        if (maybeTemporary && (accepts("temp") || accepts(kind))) {
            const [when, refusedKind] = !accepts(kind)
                ? [WITHOUT_TEMPORARY_ACCOUNTS, kind]
                : accepts("temp")
                  ? [WITH_TEMPORARY_ACCOUNTS, undefined]
                  : [WITH_TEMPORARY_ACCOUNTS_REFUSED, "temp" as const];
            context.mayFail("baduser", when, refusal(value, spec, refusedKind, subtypes));
            return value;
        }
        if (!accepts(kind)) return new ValidationFailure("baduser", refusal(value, spec, kind, subtypes));
        return value;
    },
    enumValues: () => undefined,
};
