// The deployment executor of preview and up (and of refresh and destroy with --run-program), as
// pkg/resource/deploy/deployment_executor.go has it: each registration the program sends is handled as it arrives
// (handleSingleEvent): its goal (source-eval.ts) goes to the step generator (step-generator.ts), whose steps the step
// executor (step-executor.ts) runs, so independent resources proceed concurrently. After the program finishes, the
// post steps run (performPostSteps): by default the deletes of what the program no longer declares.
import { ProgramHandlers } from "../host/program-process";
import { RegistrationReply, RegistrationRequest, WireProperties } from "../host/protocol";
import { usesDefaultProvider } from "../state/default-provider";
import { CustomTimeouts, ResourceState } from "../state/state-file";
import { StepResult } from "../types";
import { StepContext, newStep, providerOf } from "./deployment";
import { ProgramMode } from "./run-program";
import { ParentGoals, StackName, generateTimeoutInSeconds, generateURN, goalOf } from "./source-eval";
import { StepExecutor } from "./step-executor";
import { StepGenerator } from "./step-generator";
import { dependenciesOf } from "./targets";

export interface DeploymentTarget extends StackName {
    /** The default provider's resource with the current config, recorded with the first dynamic resource. */
    defaultProvider: ResourceState;
    /** `--run-program` of refresh and destroy, or `--refresh --run-program` of an update (run-program.ts). */
    mode?: ProgramMode;
}

export class DeploymentExecutor implements ProgramHandlers {
    private readonly executor: StepExecutor;
    private readonly generator: StepGenerator;
    private readonly parents = new ParentGoals();
    /** Resolves with the first failed step's error (never with --continue-on-error, which waits for the program). */
    readonly failed: Promise<Error>;

    constructor(
        private readonly context: StepContext,
        private readonly target: DeploymentTarget,
    ) {
        this.executor = new StepExecutor(context);
        this.generator = new StepGenerator(context, this.executor, target, target.mode);
        this.failed = this.executor.failed;
    }

    get error(): Error | undefined {
        return this.executor.error;
    }

    get hooks() {
        return this.context.hooks;
    }

    register(request: RegistrationRequest): Promise<RegistrationReply> {
        return this.executor.track(this.handleSingleEvent(request));
    }

    registerOutputs(urn: string, outputs: WireProperties): Promise<void> {
        return this.executor.executeRegisterResourceOutputs(urn, outputs);
    }

    finalizeStackOutputs(errored: boolean): void {
        this.executor.finalizeStackOutputs(errored);
    }

    idle(): Promise<void> {
        return this.executor.idle();
    }

    /**
     * performPostSteps: what follows the program's registrations, given the URNs it registered; by default deleting what
     * it no longer declares.
     */
    async performPostSteps(
        steps: (registered: ReadonlySet<string>) => Promise<void> = () => this.generator.generateDeletes(),
    ): Promise<void> {
        try {
            await steps(this.generator.urns);
        } catch (error) {
            this.executor.fail(error);
        }
    }

    /**
     * handleSingleEvent of a registration: refused once the deployment stopped, or when its URN was registered already
     * (GetDuplicateResourceURNError); skipped when it depends on a failed resource (doesStepDependOn, with
     * --continue-on-error: the program hears that it failed to register); otherwise its goal goes to the step generator.
     */
    private async handleSingleEvent(request: RegistrationRequest): Promise<RegistrationReply> {
        const { context, executor, generator } = this;
        const urn = generateURN(this.target, request);
        if (executor.error && !context.continueOnError) {
            throw new Error(`${request.name}: not deployed, the deployment stopped after an earlier error`);
        }
        if (generator.urns.has(urn)) {
            throw executor.fail(new Error(`${urn}: registered twice (resource names must be unique per type)`));
        }
        generator.urns.add(urn);
        const failedDependency = executor.skippedDependency(urn, dependenciesOf(request));
        if (failedDependency) {
            throw new Error(`${request.name}: skipped, it depends on ${failedDependency}, which failed`);
        }
        if (usesDefaultProvider(request)) {
            generator.registerDefaultProvider(this.target.defaultProvider);
        }
        const event: StepResult = {
            ...newStep("create", { urn, type: request.type }),
            ...providerOf(context, request),
        };
        const inherited = this.parents.inheritFromParent(urn, request);
        let old: ResourceState | undefined;
        let customTimeouts: CustomTimeouts | undefined;
        try {
            customTimeouts = generateTimeoutInSeconds(request);
            old = generator.getOldResource(urn, request);
        } catch (error) {
            throw executor.failStep(event, error);
        }
        return generator.generateSteps(event, goalOf(urn, request, inherited, customTimeouts), old, request);
    }
}
