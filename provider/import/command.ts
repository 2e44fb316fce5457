// What the commands that read an account share (shortener-import, shortener-migrate): the account's client from the
// provider's settings and environment, the key kept out of every message, and one way of ending: exit status 0, 1
// (nothing was written) or 2 (a usage error, nothing written), with the message on stderr.
import { existsSync } from "node:fs";
import { BOUNDS } from "../bounds";
import type { ShortenerClient } from "../client";
import { shownBaseUrl } from "../client/redact";
import {
    clientOf,
    CONFIG_KEYS,
    ENV_KEYS,
    resolveAccount,
    settingsOf,
    type ConfigSource,
    type Credentials,
} from "../config";
import { readFileBounded } from "../../common/fs/read-bounded";
import { messageOf } from "../../common/text/message-of";
import { forTerminal } from "../terminal";
import { parseYamlText } from "../../common/text/yaml-text";

/** A mistake in how the command was called: exit status 2, nothing written. */
export class UsageError extends Error {}

const EXIT_USAGE = 2;
const EXIT_FAILED = 1;

/** The key and any credential in the base URL, once known: no message leaves the process with them. */
const secrets: string[] = [];

/** "a, b and c". */
export const listOf = (words: readonly string[]) =>
    words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/** The largest Pulumi.<stack>.yaml read: its config of plain values and encrypted secrets. */
const MAX_STACK_FILE_BYTES = BOUNDS.maxStackFileBytes.default;

/**
 * The plain values of Pulumi.<stack>.yaml's config. An encrypted value (the key set with --secret) cannot be read
 * without the Pulumi CLI, so it is skipped and the environment variable is needed instead.
 */
export function stackConfig(stack: string): ConfigSource {
    const file = `Pulumi.${stack}.yaml`;
    if (!existsSync(file)) throw new UsageError(`--stack ${stack}: there is no ${file} in this folder`);
    let text: string;
    try {
        text = readFileBounded(file, MAX_STACK_FILE_BYTES);
    } catch (error) {
        throw new UsageError(`--stack ${stack}: ${(error as Error).message}`);
    }
    const parsed = parseYamlText(text);
    // The file may hold the key: a problem is named by its place, never by the text.
    if ("problem" in parsed) throw new Error(`${file}: ${parsed.problem}`);
    const config = (parsed.value as { config?: Record<string, unknown> } | null)?.config ?? {};
    return {
        get: (key) =>
            typeof config[key] === "string" || typeof config[key] === "number" ? String(config[key]) : undefined,
    };
}

/** The account's client from the stack's config (when given) and the environment, and where it reads from, as shown. */
export function accountClient(
    command: string,
    env: NodeJS.ProcessEnv,
    config: ConfigSource | undefined,
): { client: ShortenerClient; source: string } {
    const keyFromEnv = env[ENV_KEYS.apiKey]?.trim();
    if (keyFromEnv) secrets.push(keyFromEnv);
    const account = resolveAccount(config, env);
    requireSetting(
        account,
        "apiKey",
        `export ${ENV_KEYS.apiKey}=<key> (a key set with \`pulumi config set ${CONFIG_KEYS.apiKey} --secret\` is encrypted and cannot be read here)`,
    );
    requireSetting(
        account,
        "baseUrl",
        `export ${ENV_KEYS.baseUrl}=https://<your-service>, or name a stack whose config sets ${CONFIG_KEYS.baseUrl} with --stack NAME`,
    );
    secrets.push(...userInfo(env[ENV_KEYS.baseUrl]), ...userInfo(config?.get(CONFIG_KEYS.baseUrl)));
    const settings = settingsOf(account, config, env);
    secrets.push(settings.apiKey);
    const client = clientOf(settings, ({ reason, waitMs, operation }) =>
        process.stderr.write(
            `${command}: ${reason === "rate-limit" ? "rate limit reached" : "retrying"}: waiting ${Math.ceil(waitMs / 1000)} s before ${operation}\n`,
        ),
    );
    return { client, source: shownBaseUrl(settings.baseUrl, [settings.apiKey]) };
}

/** A setting the command cannot run without, with a hint that works for it. */
function requireSetting(account: Partial<Credentials>, setting: "apiKey" | "baseUrl", hint: string): void {
    if (account[setting] !== undefined) return;
    throw new Error(`no ${setting === "apiKey" ? "API key" : "base URL"} for the shortener service: ${hint}`);
}

/** The user name and password written into a base URL (https://user:pass@host), plain and decoded. */
function userInfo(baseUrl: string | undefined): string[] {
    try {
        const url = new URL(baseUrl?.trim() ?? "");
        return [url.username, url.password]
            .flatMap((part) => [part, decodeURIComponent(part)])
            .filter((part) => part.length >= 3);
    } catch {
        return [];
    }
}

/** Belt and braces: whatever an error says, the key is not repeated. */
function withoutSecrets(message: string): string {
    return secrets.reduce((text, secret) => text.split(secret).join("[redacted]"), message);
}

/** Runs a command's main and ends as every such command ends: its exit status, its failure said once on stderr. */
export function runCommand(command: string, main: () => Promise<number>): void {
    main().then(
        (code) => {
            process.exitCode = code;
        },
        (error: unknown) => {
            const message = messageOf(error);
            // Everything is written only at the very end (whole, by a rename), so any failure leaves nothing behind.
            const said =
                /Nothing was written/.test(message) || error instanceof UsageError
                    ? message
                    : `${message.replace(/\.?$/, ".")} Nothing was written.`;
            process.stderr.write(`${command}: ${forTerminal(withoutSecrets(said))}\n`);
            if (error instanceof UsageError) process.stderr.write(`Run ${command} --help for the options.\n`);
            process.exitCode = error instanceof UsageError ? EXIT_USAGE : EXIT_FAILED;
        },
    );
}
