// The real Pulumi CLI as the tests drive it: a lifecycle on a test stack, the stack's exported state, and the CLI itself.
export { runOperation, interruptedRun, DEFAULT_STACK, type RunOptions } from "./lifecycle";
export {
    readState,
    storedBytes,
    storedSecretKeys,
    isSecret,
    SECRET_SIGNATURE,
    STORED_BYTES_BOUND,
    type ResourceState,
    type StackState,
} from "./state";
export { pulumiCli, runPulumi, mustRunPulumi, CLI_RUN_TIMEOUT_MS, type PulumiRun } from "./cli";
export { stackFolder, type StackFolder } from "./stack-folder";
export {
    OPERATIONS,
    type LifecycleResult,
    type Operation,
    type StepResult,
    type PolicyViolation,
    type ShownResource,
    type PropertyDiff,
} from "./types";
