// Wikimedia\IPUtils: isValid (IPv4 dotted quad or IPv6 without an embedded IPv4 part) and isValidRange
// (an address and a CIDR prefix length), with the same patterns.

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
