// How the demo talks to a new user: a numbered heading per step saying what happens and why, the Pulumi CLI's
// own report (the plan or summary a Pulumi user knows) set off under it, and short notes in between.
import type { LifecycleResult } from "../support/pulumi";

const INDENT = "    ";

export class Narrator {
    private stepNumber = 0;

    constructor(
        private readonly stepCount: number,
        private readonly write: (text: string) => void = (text) => process.stdout.write(text),
    ) {}

    step(title: string, ...why: string[]): void {
        this.stepNumber += 1;
        const heading = `Step ${this.stepNumber} of ${this.stepCount} — ${title}`;
        this.write(`\n${heading}\n${"=".repeat(heading.length)}\n${why.join("\n")}\n\n`);
    }

    report(result: LifecycleResult): void {
        this.write(indented(result.log.trimEnd() + "\n"));
    }

    note(...lines: string[]): void {
        this.write(`${lines.join("\n")}\n`);
    }

    section(title: string, lines: readonly string[]): void {
        this.write(`\n${title}\n${indented(lines.join("\n"))}\n`);
    }
}

function indented(text: string): string {
    return text.replace(/^(?=.)/gm, INDENT);
}
