// Wikimedia\IPUtils: isValid (IPv4 dotted quad or IPv6 without an embedded IPv4 part), isValidRange
// (an address and a CIDR prefix length), with the same patterns, and sanitizeIP (an address's canonical form).

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)$/;
const IPV6_WORD = /^[0-9A-Fa-f]{1,4}$/;
const IPV4_PREFIX = /^(?:3[0-2]|[12]?\d)$/;
const IPV6_PREFIX = /^(?:12[0-8]|1[01]\d|[1-9]?\d)$/;
const IPV6_WORDS = 8;

function allWords(words: readonly string[]): boolean {
    return words.every((word) => IPV6_WORD.test(word));
}

function isIPv6(address: string): boolean {
    const gap = address.indexOf("::");
    if (gap < 0) {
        const words = address.split(":");
        return words.length === IPV6_WORDS && allWords(words);
    }
    if (address.indexOf("::", gap + 1) >= 0) return false;
    const head = address.slice(0, gap);
    const tail = address.slice(gap + 2);
    const words = [...(head ? head.split(":") : []), ...(tail ? tail.split(":") : [])];
    return words.length < IPV6_WORDS && allWords(words);
}

export function isValidIP(address: string): boolean {
    return IPV4.test(address) || isIPv6(address);
}

export function isValidRange(range: string): boolean {
    const slash = range.lastIndexOf("/");
    if (slash < 0) return false;
    const address = range.slice(0, slash);
    const prefix = range.slice(slash + 1);
    return (IPV4.test(address) && IPV4_PREFIX.test(prefix)) || (isIPv6(address) && IPV6_PREFIX.test(prefix));
}

const IPV4_LEADING_ZEROS = /(?:^|(?<=\.))0+(?=[1-9]|0[./]|0$)/g;
const IPV6_LEADING_ZEROS = /(^|:)0+([0-9A-Fa-f]{1,4})/g;

// IPUtils::isIPAddress: an address with an optional CIDR prefix length.
function isAddressOrRange(ip: string, isAddress: (address: string) => boolean): boolean {
    return isAddress(ip) || (isValidRange(ip) && isAddress(ip.slice(0, ip.lastIndexOf("/"))));
}

// The "::" of a valid upper-case IPv6 address (or range) written out as zero words.
function expandIPv6(ip: string): string {
    const gap = ip.indexOf("::");
    if (gap < 0) return ip;
    const slash = ip.indexOf("/");
    const addressEnd = (slash >= 0 ? slash : ip.length) - 1;
    const colons = ip.split(":").length - 1;
    if (gap === 0) return ip.replace("::", "0:".repeat(9 - colons) + (ip === "::" ? "0" : ""));
    if (gap === addressEnd - 1) return ip.replace("::", ":0".repeat(9 - colons));
    return ip.replace("::", ":0".repeat(8 - colons) + ":");
}

/** IPUtils::sanitizeIP: an IPv4 address without leading zeros, an IPv6 address upper-case with every word written
 *  out and without leading zeros; any other text as it is. */
export function sanitizeIP(ip: string): string {
    if (isAddressOrRange(ip, (address) => IPV4.test(address))) return ip.replace(IPV4_LEADING_ZEROS, "");
    if (!isAddressOrRange(ip, isIPv6)) return ip;
    return expandIPv6(ip.toUpperCase()).replace(IPV6_LEADING_ZEROS, "$1$2");
}
