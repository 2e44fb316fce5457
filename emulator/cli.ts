// npm run emulator -- --help
import { CliRequest, HELP, parseCliArguments } from "./cli-options";
import { DEFAULT_RATE_LIMIT, startEmulator } from "./index";

/** The version of the package the emulator ships in, read through the package's public export of its manifest. */
function packageVersion(): string {
    return (require("pulumi-shortener/package.json") as { version: string }).version;
}

async function main(): Promise<void> {
    let request: CliRequest;
    try {
        request = parseCliArguments(process.argv.slice(2));
    } catch (error) {
        console.error((error as Error).message);
        process.exit(2);
    }
    if (request.run === "help") return console.log(HELP);
    if (request.run === "version") return console.log(packageVersion());
    const { options } = request;
    const emulator = await startEmulator(options);
    const rate = options.rateLimit ?? DEFAULT_RATE_LIMIT;
    console.log(
        [
            `Link-shortener emulator is running (behaving like ${emulator.profile === "real" ? "the real service" : "the spec"}: --profile ${emulator.profile}).`,
            `  Base URL:     ${emulator.baseUrl}`,
            `  API key:      ${emulator.apiKey}   (user ${emulator.userId})`,
            `  Admin token:  ${emulator.adminToken}`,
            `  Rate limit:   ${rate.limit} per ${rate.windowMs} ms per key (${options.rateLimitStyle ?? "body"} style)`,
            `  State file:   ${options.stateFile ?? "none (memory only)"}`,
            "Press Ctrl+C to stop.",
        ].join("\n"),
    );
    const stop = (signal: string) => {
        void emulator.close().then(() => {
            console.log(`Emulator stopped (${signal}).`);
            process.exit(0);
        });
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
    console.error(`emulator failed to start: ${(error as Error).message}`);
    process.exit(1);
});
