import { EmulatorOptions } from "./index";
import { isProfileName, PROFILE_NAMES } from "./profiles";

const USAGE = "usage: npm run emulator -- [--profile spec|real] [--port N] [--rate 30/60s] [--rate-style body|status] [--state FILE]";

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

export function parseCliArguments(args: string[]): EmulatorOptions {
    const options: EmulatorOptions = {};
    for (let i = 0; i < args.length; i++) {
        const flag = args[i];
        const value = args[i + 1];
        if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value\n${USAGE}`);
        i++;
        switch (flag) {
            case "--port":
                if (!/^\d+$/.test(value) || Number(value) > 65535) throw new Error(`--port must be 0..65535, got "${value}"`);
                options.port = Number(value);
                break;
            case "--rate":
                options.rateLimit = parseRate(value);
                break;
            case "--rate-style":
                if (value !== "body" && value !== "status") throw new Error(`--rate-style must be body or status, got "${value}"`);
                options.rateLimitStyle = value;
                break;
            case "--profile":
                if (!isProfileName(value)) throw new Error(`--profile must be one of ${PROFILE_NAMES.join(", ")}, got "${value}"`);
                options.profile = value;
                break;
            case "--state":
                options.stateFile = value;
                break;
            default:
                throw new Error(`unknown option ${flag}\n${USAGE}`);
        }
    }
    return options;
}
