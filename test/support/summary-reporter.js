// Mocha's spec reporter, plus two things a person watching the run needs:
// - a progress line whenever the run has printed nothing for PROGRESS_SECONDS (the test running, how long it has
//   run, the counts so far), so that a slow run can be told from a hung one;
// - the closing line CI reads: "N passed, N failed".
// Plain JavaScript so that mocha can load it before anything is compiled.
"use strict";
const Mocha = require("mocha");

/** At most this long without output before a progress line (TEST_PROGRESS_SECONDS overrides it). */
const PROGRESS_SECONDS = Number(process.env.TEST_PROGRESS_SECONDS) || 25;
const { EVENT_RUN_END, EVENT_TEST_BEGIN, EVENT_HOOK_BEGIN } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        const started = Date.now();
        let current = { title: "(none yet)", since: started };
        let lastOutput = Date.now();
        const write = process.stdout.write.bind(process.stdout);
        process.stdout.write = (chunk, ...rest) => {
            lastOutput = Date.now();
            return write(chunk, ...rest);
        };
        const seconds = (ms) => `${Math.round(ms / 1000)} s`;
        // With --parallel, mocha replays a file's events only once the file has finished in its worker, so the test
        // running now is not known: the line names the last result instead.
        const parallel = typeof runner.isParallelMode === "function" && runner.isParallelMode();
        const heartbeat = setInterval(() => {
            if (Date.now() - lastOutput < PROGRESS_SECONDS * 1000) return;
            const { passes, failures } = runner.stats;
            const where = parallel
                ? `workers running, the last result ${seconds(Date.now() - current.since)} ago from "${current.title}"`
                : `${seconds(Date.now() - current.since)} into "${current.title}"`;
            console.log(
                `      … ${seconds(Date.now() - started)} into the run, ${where}; ${passes} passed, ${failures} failed so far`,
            );
        }, 1000);
        heartbeat.unref();
        const follow = (what) => (current = { title: what.fullTitle(), since: Date.now() });
        runner.on(EVENT_TEST_BEGIN, follow);
        runner.on(EVENT_HOOK_BEGIN, follow);
        runner.once(EVENT_RUN_END, () => {
            clearInterval(heartbeat);
            const { passes, failures, pending } = runner.stats;
            // The spec reporter prints its epilogue on the same event; print after it.
            process.nextTick(() => {
                const skipped = pending ? `, ${pending} skipped` : "";
                console.log(`${passes} passed, ${failures} failed${skipped}`);
            });
        });
    }
}

module.exports = SummaryReporter;
