// Mocha's spec reporter, plus the closing line CI reads: "N passed, N failed".
// Plain JavaScript so that mocha can load it before anything is compiled.
"use strict";
const Mocha = require("mocha");

class SummaryReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
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
