// Peak memory of the processes of an engine-double run, read from /proc (Linux): this process (the engine double,
// with the emulator in it), the program child and the dynamic-provider host. A child's VmHWM is its own peak resident
// size, so sampling only has to see the child before it exits; a child that lives less than one interval is missed.
import { readdirSync, readFileSync } from "node:fs";

export interface PeakMemory {
    /** MiB; this process: the engine double and the emulator. */
    engine: number;
    /** MiB; the child that runs the program under pulumi's mocks. */
    program: number;
    /** MiB; the dynamic-provider host, where the provider's code runs. */
    providerHost: number;
}

const SAMPLE_MS = 100;
const MIB = 1024;

function statusField(pid: string, field: string): number {
    try {
        const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
        return match ? Number(match[1]) : 0;
    } catch {
        return 0; // the process ended between the listing and the read
    }
}

function childrenOf(parent: number): { pid: string; command: string }[] {
    return readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .flatMap((pid) => {
            try {
                const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
                // Field 4 (ppid) follows the command name in parentheses, which may itself hold spaces.
                const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
                return ppid === parent ? [{ pid, command: readFileSync(`/proc/${pid}/cmdline`, "utf8") }] : [];
            } catch {
                return [];
            }
        });
}

/** Samples until `stop()`, which returns the peaks seen, in MiB. */
export function sampleMemory(): { stop(): PeakMemory } {
    const peak = { engine: 0, program: 0, providerHost: 0 };
    const sample = () => {
        peak.engine = Math.max(peak.engine, statusField(String(process.pid), "VmRSS"));
        for (const child of childrenOf(process.pid)) {
            const role = child.command.includes("dynamic-provider")
                ? "providerHost"
                : child.command.includes("cmd/run")
                  ? "program"
                  : undefined;
            if (role) peak[role] = Math.max(peak[role], statusField(child.pid, "VmHWM"));
        }
    };
    sample();
    const timer = setInterval(sample, SAMPLE_MS);
    return {
        stop() {
            clearInterval(timer);
            sample();
            return {
                engine: Math.round(peak.engine / MIB),
                program: Math.round(peak.program / MIB),
                providerHost: Math.round(peak.providerHost / MIB),
            };
        },
    };
}
