// UserDef: which kind of user designator a value is (UserDef::processUser), and whether the parameter
// accepts that kind (its subtypes). Kinds: id ("#123"), interwiki ("wiki>Name"), name, temp (a
// temporary account, "~" then a serial, the default pattern), ip, cidr (an IP range).
import { shownValue } from "../spec";
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
const TEMPORARY_ACCOUNT_PREFIX = "~";
// MediaWiki 1.39's UserDef has no temporary accounts: "~2024-1" is an ordinary user name there.
const TEMPORARY_ACCOUNTS_SINCE = "1.40";

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
    if (name === "" || looksLikeIP(name) || name.includes("/") || Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES) return false;
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

function userKind(value: string, temporaryAccounts: boolean): UserKind | undefined {
    if (USER_ID.test(value)) return "id";
    if (value.includes(">")) return value.includes("#") ? undefined : "interwiki";
    if (canonicalName(value) !== undefined) return temporaryAccounts && value.startsWith(TEMPORARY_ACCOUNT_PREFIX) ? "temp" : "name";
    if (value.includes("#")) return undefined;
    const text = userPageText(value);
    if (text === undefined) return undefined;
    if (isValidIP(text) || CLOAKED_IPV4.test(text)) return "ip";
    return isValidRange(text) ? "cidr" : undefined;
}

export const userDef: TypeDef = {
    validate(value, spec, context) {
        const kind = userKind(value, !versionBefore(context.mediawikiVersion, TEMPORARY_ACCOUNTS_SINCE));
        const subtypes = spec.info.subtypes?.length ? spec.info.subtypes : DEFAULT_SUBTYPES;
        if (kind === undefined) {
            return new ValidationFailure("baduser", `Invalid value ${shownValue(spec, value)} for user parameter "${spec.requestName}": it is not a valid user designator.`);
        }
        if (!subtypes.includes(kind)) {
            const accepted = subtypes.map((subtype) => KIND_NAMES.get(subtype) ?? subtype).join(", ");
            return new ValidationFailure(
                "baduser",
                `Invalid value ${shownValue(spec, value)} for user parameter "${spec.requestName}": it is ${KIND_NAMES.get(kind)}, but the parameter accepts only ${accepted}.`,
            );
        }
        return value;
    },
    enumValues: () => undefined,
};
