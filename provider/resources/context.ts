// What a resource's lifecycle may use: the API client of the configured account, the record of what the run has
// listed and written, and a way to tell the user something. One context per provider process and account,
// shared by every resource.
import { BOUNDS } from "../bounds";
import { accountKey, describeWait, type ShortenerClient } from "../client";
import { clientOf, resolveAccount, settingsOf, type ConfigSource, type Credentials, type Settings } from "../config";
import { createJournal, type CreateJournal } from "./create-journal";
import { RunRecord } from "./run-record";
import { tellAtEnd, tellUser } from "../terminal";

export interface ResourceContext {
    /** The client; throws the missing-configuration error on first use when no API key is configured. */
    client(): ShortenerClient;
    /** How long a write that got no answer may still land on the service: its own time limit, and never under 5 s. */
    readonly writeSettleMs: number;
    /** Runs creates of one kind one at a time, so a lost response can be matched to the one create in flight. */
    serially<T>(kind: string, work: () => Promise<T>): Promise<T>;
    /** A line for the person running Pulumi (the host shows the provider's stderr). */
    tell(message: string): void;
    /** A line said once per process however many resources give it (a hint that holds for every query of a wiki). */
    tellOnce(message: string): void;
    /** A line said when the process ends, unless `withdrawn` holds by then (a later step made it untrue). */
    tellAtEnd(message: string, withdrawn: () => boolean): void;
    /** Creates under way, kept on disk so that the next process knows of one its predecessor never finished. */
    journal: CreateJournal;
    /** What this process has listed, created, deleted and assigned during the run; every write goes through it. */
    run: RunRecord;
}

/** A request that timed out on a short limit is still often committed seconds later. */
export const MIN_WRITE_SETTLE_MS = BOUNDS.minWriteSettleMs.default;

const contexts = new Map<string, ResourceContext>();

/**
 * The context of the account `config` names, one per process and account: every resource and look-up of a run that acts
 * for it shares its rate limiter and list cache, whichever door (the dynamic resources' stub or the plugin) it came by.
 */
export function contextFor(config: ConfigSource | undefined): ResourceContext {
    const account = resolveAccount(config);
    const key = accountKey(account);
    let context = contexts.get(key);
    if (!context) {
        context = createResourceContext(config, process.env, account);
        contexts.set(key, context);
    }
    return context;
}

/** @param account the account `config` and `env` name, as resolveAccount found it. */
export function createResourceContext(
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv = process.env,
    account: Partial<Credentials> = resolveAccount(config, env),
): ResourceContext {
    // Read once, now: a configuration error (no API key) is kept and thrown where the client is first needed.
    const settings = readSettings(account, config, env);
    let client: ShortenerClient | undefined;
    const queues = new Map<string, Promise<unknown>>();
    const tell = tellUser;
    const told = new Set<string>();
    return {
        client() {
            if (settings instanceof Error) throw settings;
            client ??= clientOf(settings, (event) => tell(describeWait(event)));
            return client;
        },
        writeSettleMs: Math.max(
            (settings instanceof Error ? undefined : settings.requestTimeoutMs) ?? BOUNDS.requestTimeoutMs.default,
            MIN_WRITE_SETTLE_MS,
        ),
        serially(kind, work) {
            const next = (queues.get(kind) ?? Promise.resolve()).then(work);
            queues.set(
                kind,
                next.catch(() => undefined),
            );
            return next;
        },
        tell,
        tellOnce(message) {
            if (told.has(message)) return;
            told.add(message);
            tell(message);
        },
        tellAtEnd,
        journal: createJournal(accountKey(account), env),
        run: new RunRecord(),
    };
}

/**
 * The context whose client keeps these secrets out of every call's errors: a resource's secret inputs are in play for
 * its whole operation, a read-back or a listing included, not only in the write that sends them.
 */
export function toldSecrets(context: ResourceContext, secrets: readonly string[]): ResourceContext {
    if (secrets.length === 0) return context;
    let told: ShortenerClient | undefined;
    return { ...context, client: () => (told ??= context.client().withSecrets(secrets)) };
}

function readSettings(
    account: Partial<Credentials>,
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv,
): Settings | Error {
    try {
        return settingsOf(account, config, env);
    } catch (error) {
        return error as Error;
    }
}
