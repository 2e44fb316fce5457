// What tells one account from another inside a process: the service's base URL and a digest of the API key, never
// the key itself. The rate gate, the provider's context of a run and the create journal are each kept per account.
import { createHash } from "node:crypto";

/** The account's key: base URL and key digest, each empty where unset (an account not configured is one too). */
export function accountKey({ baseUrl = "", apiKey = "" }: { baseUrl?: string; apiKey?: string }): string {
    return `${baseUrl}\n${createHash("sha256").update(apiKey).digest("hex")}`;
}
