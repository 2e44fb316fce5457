// The engine double: Pulumi lifecycles (preview, up, refresh, destroy) without the Pulumi CLI, driving
// the real dynamic-provider host from @pulumi/pulumi over gRPC.
export { runLifecycle } from "./lifecycle";
export { readState, storedSecretKeys } from "./state/state-file";
export { formatResult } from "./format";
export { shownSteps } from "./state/default-provider";
export type { LifecycleResult, Operation, RunOptions, StepResult, StackState, ResourceState } from "./types";
