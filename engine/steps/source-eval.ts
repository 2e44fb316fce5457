// The program's registrations as pkg/resource/deploy/source_eval.go resmon.RegisterResource turns them into goals for
// the step generator: the options a resource inherits from its parent, its custom timeouts, the dependencies of each
// input, and the URN it is registered under. (What the request carries, and the transforms it went through, is
// host/register-request.ts.)
import { RegistrationRequest } from "../host/protocol";
import { CustomTimeouts, ResourceState } from "../state/state-file";
import { resourceUrn } from "../state/urns";
import { goDurationSeconds } from "../values/go-duration";

/** A resource's goal as the program registered it: its state without an id or outputs. */
export type Goal = Omit<ResourceState, "id" | "outputs">;

/** The options a child inherits when the program leaves them unset. */
export interface InheritedOptions {
    protect?: boolean;
    retainOnDelete?: boolean;
    deletedWith?: string;
}

/** The stack the registrations belong to: their URNs name it. */
export interface StackName {
    project: string;
    stack: string;
}

/** rm.resGoals: the options each registered resource ended with, for its children to inherit. */
export class ParentGoals {
    private readonly goals = new Map<string, InheritedOptions>();

    /**
     * source_eval.go inheritFromParent: options the program left unset are the parent's (deletedWith, protect,
     * retainOnDelete). The parent registered first, so its own are already inherited. Remembered for the children.
     */
    inheritFromParent(urn: string, request: RegistrationRequest): InheritedOptions {
        const parent = request.parent ? this.goals.get(request.parent) : undefined;
        const inherited = {
            protect: request.protect ?? parent?.protect,
            retainOnDelete: request.retainOnDelete ?? parent?.retainOnDelete,
            deletedWith: request.deletedWith || parent?.deletedWith || undefined,
        };
        this.goals.set(urn, inherited);
        return inherited;
    }
}

/** step_generator.go generateURN: the URN of a registration. */
export function generateURN(stack: StackName, request: Pick<RegistrationRequest, "type" | "name" | "parent">): string {
    return resourceUrn(stack.project, stack.stack, request.type, request.name, request.parent);
}

/** RegisterResource's goal: the state a registration asks for, before its steps give it an id and outputs. */
export function goalOf(
    urn: string,
    request: RegistrationRequest,
    inherited: InheritedOptions,
    customTimeouts: CustomTimeouts | undefined,
): Goal {
    return {
        urn,
        type: request.type,
        custom: request.custom,
        ...(request.parent ? { parent: request.parent } : {}),
        dependencies: request.dependencies,
        propertyDependencies: propertyDependenciesOf(request),
        inputs: request.object,
        ...(request.additionalSecretOutputs.length > 0
            ? { additionalSecretOutputs: request.additionalSecretOutputs }
            : {}),
        ...(inherited.protect ? { protect: true } : {}),
        ...(inherited.retainOnDelete ? { retainOnDelete: true } : {}),
        ...(inherited.deletedWith ? { deletedWith: inherited.deletedWith } : {}),
        ...(request.replaceWith?.length ? { replaceWith: request.replaceWith } : {}),
        ...(request.replacementTrigger !== undefined ? { replacementTrigger: request.replacementTrigger } : {}),
        ...(customTimeouts ? { customTimeouts } : {}),
        ...(request.sourcePosition ? { sourcePosition: request.sourcePosition } : {}),
        ...(request.stackTrace ? { stackTrace: request.stackTrace } : {}),
        ...(request.ignoreChanges.length > 0 ? { ignoreChanges: request.ignoreChanges } : {}),
        ...(request.replaceOnChanges.length > 0 ? { replaceOnChanges: request.replaceOnChanges } : {}),
        ...(request.hooks ? { resourceHooks: request.hooks } : {}),
    };
}

/**
 * RegisterResource: each input property's dependencies as the SDK reported them; when it reported none, each input
 * depends on every dependency of the resource. Every input has an entry.
 */
function propertyDependenciesOf(request: RegistrationRequest): Record<string, string[]> {
    const reported = request.propertyDependencies ?? {};
    const backfill = Object.keys(reported).length === 0;
    const dependencies: Record<string, string[]> = { ...reported };
    for (const key of Object.keys(request.object)) {
        dependencies[key] ??= backfill ? [...request.dependencies] : [];
    }
    return dependencies;
}

/**
 * RegisterResource (generateTimeoutInSeconds): each custom timeout the program gives, a Go duration, in seconds; the
 * state records them when any is given (stack/deployment.go SerializeResource: IsNotEmpty).
 */
export function generateTimeoutInSeconds(request: RegistrationRequest): CustomTimeouts | undefined {
    const given = Object.entries(request.customTimeouts ?? {}).filter(([, timeout]) => timeout !== "");
    const seconds = given
        .map(([operation, timeout]) => [operation, goDurationSeconds(timeout)] as const)
        .filter(([, value]) => value !== 0);
    return seconds.length > 0 ? Object.fromEntries(seconds) : undefined;
}
