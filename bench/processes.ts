// Peak memory and CPU time of the processes of a Pulumi run, read from /proc (Linux): this process (the bench, with the
// emulator in it), the Pulumi CLI, the program and the dynamic-provider host, found among this process's descendants.
// A child's VmHWM is its own peak resident size and its utime + stime its CPU time so far, so sampling only has to see
// it before it exits: the CPU time of its last interval (100 ms) is missed, and a process that lives less than one
// interval is missed whole.
import { readdirSync, readFileSync } from "node:fs";

export interface PeakMemory {
    /** MiB; this process: the bench and the emulator. */
    bench: number;
    /** MiB; the Pulumi CLI, which runs the engine. */
    cli: number;
    /** MiB; the child that runs the program under pulumi's mocks. */
    program: number;
    /** MiB; the dynamic-provider host, or the plugin, where the provider's code runs. */
    providerHost: number;
}

/** CPU seconds of the run's processes by role, from the start of the sampling. */
export type CpuSeconds = Record<Role, number>;

type Role = "cli" | "program" | "providerHost";

const SAMPLE_MS = 100;
const MIB = 1024;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, on every platform Node supports. */
const TICKS_PER_SECOND = 100;

function statusField(pid: string, field: string): number {
    try {
        const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
        return match ? Number(match[1]) : 0;
    } catch {
        return 0; // the process ended between the listing and the read
    }
}

/** The CPU ticks a process has used, user and system (fields 14 and 15 of /proc/<pid>/stat); 0 once it ended. */
function cpuTicks(pid: string): number {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return Number(fields[11]) + Number(fields[12]);
    } catch {
        return 0;
    }
}

/** Every process below `root`, with its command line. */
function descendantsOf(root: number): { pid: string; command: string }[] {
    const children = new Map<number, string[]>();
    for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
        try {
            const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
            // Field 4 (ppid) follows the command name in parentheses, which may itself hold spaces.
            const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
            children.set(ppid, [...(children.get(ppid) ?? []), pid]);
        } catch {
            // ended between the listing and the read
        }
    }
    const found: string[] = [];
    for (let queue = [String(root)]; queue.length > 0;) {
        const next = children.get(Number(queue.shift())) ?? [];
        found.push(...next);
        queue.push(...next);
    }
    return found.flatMap((pid) => {
        try {
            return [{ pid, command: readFileSync(`/proc/${pid}/cmdline`, "utf8") }];
        } catch {
            return [];
        }
    });
}

function roleOf(command: string): Role | undefined {
    // Pulumi's dynamic-provider host, or the package's plugin (provider/plugin/main.js, behind its bin script).
    if (command.includes("dynamic-provider") || command.includes("provider/plugin/main")) return "providerHost";
    if (command.includes("cmd/run")) return "program";
    if (command.split("\0")[0].endsWith("/pulumi")) return "cli";
    return undefined;
}

/** Samples until `stop()`, which returns the peaks seen, in MiB; `cpu()` tells the CPU time used so far. */
export function sampleProcesses(): { cpu(): CpuSeconds; stop(): PeakMemory } {
    const peak = { bench: 0, cli: 0, program: 0, providerHost: 0 };
    /** The ticks last seen of each process, by pid and role: an ended process keeps its last count. */
    const ticks = new Map<string, { role: Role; ticks: number }>();
    const sample = () => {
        peak.bench = Math.max(peak.bench, statusField(String(process.pid), "VmRSS"));
        for (const child of descendantsOf(process.pid)) {
            const role = roleOf(child.command);
            if (!role) continue;
            peak[role] = Math.max(peak[role], statusField(child.pid, "VmHWM"));
            const used = cpuTicks(child.pid);
            if (used > (ticks.get(child.pid)?.ticks ?? 0)) ticks.set(child.pid, { role, ticks: used });
        }
    };
    sample();
    const timer = setInterval(sample, SAMPLE_MS);
    return {
        cpu() {
            sample();
            const seconds: CpuSeconds = { cli: 0, program: 0, providerHost: 0 };
            for (const { role, ticks: used } of ticks.values()) seconds[role] += used / TICKS_PER_SECOND;
            return seconds;
        },
        stop() {
            clearInterval(timer);
            sample();
            return {
                bench: Math.round(peak.bench / MIB),
                cli: Math.round(peak.cli / MIB),
                program: Math.round(peak.program / MIB),
                providerHost: Math.round(peak.providerHost / MIB),
            };
        },
    };
}
