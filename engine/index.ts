// The engine double: Pulumi lifecycles (preview, up, refresh, destroy) without the Pulumi CLI, driving
// the real dynamic-provider host from @pulumi/pulumi over gRPC.
export { runLifecycle } from "./lifecycle";
export { readState, storedSecretKeys } from "./state/state-file";
export { formatResult } from "./format";
export { shownSteps } from "./state/default-provider";
export { checkFailureMessage } from "./steps/step-generator";
export type { LifecycleResult, Operation, RunOptions, StepResult, StackState, ResourceState } from "./types";
// For tests of what a run leaves behind: the unknown value as the wire carries it, a check's failure message as the
// engine words it, a CLI run killed mid-way, and the child processes a run starts.
export { UNKNOWN } from "./values/property-values";
export { interruptedRun } from "./host/interrupt";
export { siblingScript, stopChild, track } from "./host/child-processes";
