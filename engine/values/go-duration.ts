// Go's time.ParseDuration, as source_eval.go generateTimeoutInSeconds reads each custom timeout: a sign, then one or
// more decimal numbers each with its unit ("5m", "1h30m", "1.5s", "300ms"), or "0".
const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, μs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
const DURATION = /^[-+]?(0|((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+)$/;
const TERM = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g;

/** The duration in seconds (duration.Seconds()), or an error worded as generateTimeoutInSeconds words it. */
export function goDurationSeconds(text: string): number {
    if (!DURATION.test(text)) {
        throw new Error(`unable to parse customTimeout Value ${text}`);
    }
    const sign = text.startsWith("-") ? -1 : 1;
    let seconds = 0;
    for (const [, amount, unit] of text.matchAll(TERM)) {
        seconds += Number(amount) * UNIT_SECONDS[unit];
    }
    return sign * seconds;
}
