// MediaWiki versions as the module rules and types compare them: "1.39.17" comes before "1.40".

/** True when `version` is older than `other`; numeric parts are compared in turn. */
export function versionBefore(version: string, other: string): boolean {
    const a = version.split(/[.-]/).map((part) => parseInt(part, 10) || 0);
    const b = other.split(/[.-]/).map((part) => parseInt(part, 10) || 0);
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
        const difference = (a[index] ?? 0) - (b[index] ?? 0);
        if (difference !== 0) return difference < 0;
    }
    return false;
}
