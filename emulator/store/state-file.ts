import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fullPlan } from "./records";
import { linkDefaults } from "./seed-defaults";
import { emptyStoreData, StoreData } from "./store";

const FORMAT = "shortener-emulator-state";
const VERSION = 1;

/** The saved store, or undefined when the file does not exist yet. */
export function loadState(file: string): StoreData | undefined {
    if (!existsSync(file)) return undefined;
    let parsed: { format?: unknown; version?: unknown; store?: unknown };
    try {
        parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
        throw new Error(`Emulator state file ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    if (parsed.format !== FORMAT || parsed.version !== VERSION || typeof parsed.store !== "object" || !parsed.store) {
        throw new Error(`Emulator state file ${file} is not a version ${VERSION} ${FORMAT} file`);
    }
    // Kinds added after the file was written start empty.
    const fresh = emptyStoreData();
    const store = parsed.store as Partial<StoreData>;
    const data = { ...fresh, ...store, nextId: { ...fresh.nextId, ...store.nextId } };
    // Fields added after the file was written take their defaults.
    data.accounts = data.accounts.map((account) => ({
        ...account,
        defaultDomain: account.defaultDomain ?? "",
        plan: { ...fullPlan(), ...account.plan },
    }));
    data.links = data.links.map((link) => ({ ...linkDefaults(), ...link }));
    return data;
}

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export function saveState(file: string, store: StoreData): void {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ format: FORMAT, version: VERSION, store }, null, 2));
    renameSync(temporary, file);
}
