import { createHash, randomBytes } from "node:crypto";
import { now } from "./dates";
import {
    AccountRecord,
    AdminKind,
    fullPlan,
    Kind,
    KINDS,
    NewFields,
    OwnedRecord,
    RecordsByAdminKind,
    RecordsByKind,
} from "./records";

export type StoreData = {
    [K in AdminKind]: RecordsByAdminKind[K][];
} & {
    /** Ids are never reused, even after reset, so a stale id in a client never points at a new object. */
    nextId: Record<AdminKind, number>;
};

export function emptyStoreData(): StoreData {
    const data = { accounts: [], nextId: { accounts: 1 } } as unknown as StoreData;
    for (const kind of KINDS) {
        (data as unknown as Record<string, unknown[]>)[kind] = [];
        data.nextId[kind] = 1;
    }
    return data;
}

export function hashPassword(password: string): string {
    return createHash("sha256").update(password).digest("hex");
}

function newSecret(): string {
    return randomBytes(20).toString("hex");
}

function addYears(dateTime: string, years: number): string {
    return `${Number(dateTime.slice(0, 4)) + years}${dateTime.slice(4)}`;
}

/**
 * The in-memory database. Every change goes through a method here, so that `onChange` (the state file)
 * sees each one.
 */
export class Store {
    constructor(
        private data: StoreData,
        private readonly onChange: (data: StoreData) => void = () => undefined,
    ) {}

    records<K extends AdminKind>(kind: K): RecordsByAdminKind[K][] {
        return this.data[kind] as RecordsByAdminKind[K][];
    }

    find<K extends AdminKind>(kind: K, id: number): RecordsByAdminKind[K] | undefined {
        return this.records(kind).find((record) => record.id === id);
    }

    /** Objects of one account, oldest first. */
    owned<K extends Kind>(kind: K, userId: number): RecordsByKind[K][] {
        return this.records(kind).filter((record) => (record as OwnedRecord).userId === userId);
    }

    /** Another account's object is as invisible as one that does not exist. */
    findOwned<K extends Kind>(kind: K, userId: number, id: number): RecordsByKind[K] | undefined {
        const record = this.find(kind, id);
        return record && (record as OwnedRecord).userId === userId ? record : undefined;
    }

    accountByKey(apiKey: string): AccountRecord | undefined {
        return this.data.accounts.find((account) => account.apiKey === apiKey);
    }

    createAccount(fields: { email?: string; username?: string }): AccountRecord {
        const id = this.data.nextId.accounts++;
        const username = fields.username ?? `user${id}`;
        const email = fields.email ?? `${username}@example.com`;
        const registered = now();
        const account: AccountRecord = {
            id,
            email,
            username,
            passwordHash: hashPassword(newSecret()),
            apiKey: newSecret(),
            avatar: `https://www.gravatar.com/avatar/${createHash("md5").update(email).digest("hex")}`,
            status: "pro",
            expires: addYears(registered, 1),
            registered,
            defaultDomain: "",
            plan: fullPlan(),
        };
        this.data.accounts.push(account);
        this.changed();
        return account;
    }

    insert<K extends Kind>(kind: K, userId: number, fields: NewFields<K>, date = now()): RecordsByKind[K] {
        const record = { ...fields, id: this.data.nextId[kind]++, userId, date } as RecordsByKind[K];
        (this.records(kind) as RecordsByKind[K][]).push(record);
        this.changed();
        return record;
    }

    update<K extends AdminKind>(kind: K, record: RecordsByAdminKind[K], fields: Partial<RecordsByAdminKind[K]>): void {
        Object.assign(record, fields);
        this.changed();
    }

    /** Removes an object and, unless told to keep them, every assignment that pointed at it. */
    remove(kind: Kind, id: number, options: { keepChannelItems?: boolean } = {}): boolean {
        const list = this.records(kind) as OwnedRecord[];
        const index = list.findIndex((record) => record.id === id);
        if (index < 0) return false;
        list.splice(index, 1);
        if (kind === "campaigns") {
            for (const link of this.data.links) if (link.campaignId === id) link.campaignId = null;
        }
        const itemType = kind === "links" ? "links" : kind === "bio" ? "bio" : kind === "qrcodes" ? "qr" : undefined;
        if (itemType && !options.keepChannelItems) {
            for (const channel of this.data.channels) {
                channel.items = channel.items.filter((item) => !(item.type === itemType && item.id === id));
            }
        }
        this.changed();
        return true;
    }

    /** Empties the store except the given account; ids keep counting up. */
    reset(keep: AccountRecord): void {
        const nextId = this.data.nextId;
        this.data = { ...emptyStoreData(), nextId, accounts: [structuredClone(keep)] };
        this.changed();
    }

    snapshot(): StoreData {
        return structuredClone(this.data);
    }

    private changed(): void {
        this.onChange(this.data);
    }
}
