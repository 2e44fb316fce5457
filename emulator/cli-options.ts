import { EmulatorOptions } from "./index";
import { isProfileName, PROFILE_NAMES } from "./profiles";

export const USAGE =
    "usage: npm run emulator -- [--profile spec|real] [--port N] [--rate 30/60s] [--rate-style body|status] [--state FILE]";

export const HELP = `${USAGE}

The link-shortening service's emulator on 127.0.0.1: prints its base URL, a ready API key and the admin token,
then serves until Ctrl+C (SIGINT) or SIGTERM. Its admin HTTP API (seed, change by hand, faults, rate limits) is
described in docs/emulator.md.

  --profile spec|real     behave like the spec (default) or like the real service
  --port N                port to listen on (default: any free port)
  --rate N/WINDOW         requests per window and key, WINDOW in ms, s or m (default 30/60s)
  --rate-style body|status  how a refusal looks: a 200 with an error body (default) or a 429 status
  --state FILE            load the store from FILE at start and save it after every change
  --help, --version       this text; the package version

Exit codes: 0 stopped by a signal, 1 failed to start, 2 bad options.`;

/** What the command line asks for: a running emulator with these options, or only the help or version text. */
export type CliRequest = { run: "emulator"; options: EmulatorOptions } | { run: "help" } | { run: "version" };

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/** "30/60s", "30/1000ms", "30/1m": requests per window. */
export function parseRate(text: string): { limit: number; windowMs: number } {
    const match = /^(\d+)\/(\d+)(ms|s|m)$/.exec(text);
    const limit = Number(match?.[1]);
    const windowMs = Number(match?.[2]) * UNIT_MS[match?.[3] ?? "s"];
    if (!match || limit < 1 || windowMs < 1) {
        throw new Error(`--rate must look like 30/60s (requests per window; units ms, s, m), got "${text}"`);
    }
    return { limit, windowMs };
}

export function parseCliArguments(args: string[]): CliRequest {
    if (args.includes("--help") || args.includes("-h")) return { run: "help" };
    if (args.includes("--version")) return { run: "version" };
    const options: EmulatorOptions = {};
    for (let i = 0; i < args.length; i++) {
        const flag = args[i];
        if (!flag.startsWith("--")) throw new Error(`unexpected argument "${flag}"\n${USAGE}`);
        const value = args[i + 1];
        if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value\n${USAGE}`);
        i++;
        switch (flag) {
            case "--port":
                if (!/^\d+$/.test(value) || Number(value) > 65535)
                    throw new Error(`--port must be 0..65535, got "${value}"`);
                options.port = Number(value);
                break;
            case "--rate":
                options.rateLimit = parseRate(value);
                break;
            case "--rate-style":
                if (value !== "body" && value !== "status")
                    throw new Error(`--rate-style must be body or status, got "${value}"`);
                options.rateLimitStyle = value;
                break;
            case "--profile":
                if (!isProfileName(value))
                    throw new Error(`--profile must be one of ${PROFILE_NAMES.join(", ")}, got "${value}"`);
                options.profile = value;
                break;
            case "--state":
                options.stateFile = value;
                break;
            default:
                throw new Error(`unknown option ${flag}\n${USAGE}`);
        }
    }
    return { run: "emulator", options };
}
