// The engine's side of the program's gRPC protocol: the ResourceMonitor and Engine services the SDK dials (--monitor,
// --engine), on one server at 127.0.0.1 and an ephemeral port, answering as Go's resource monitor does
// (pkg/resource/deploy/source_eval.go resmon) and its plugin host's engine server (pkg/resource/plugin/host_server.go).
// Registrations go to the deployment (ProgramHandlers); transforms and hooks call back into the program (callbacks.ts).
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as resrpc from "@pulumi/pulumi/proto/resource_grpc_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { resourceUrn } from "../state/urns";
import { CallbackClients, InvokeTransform, ResourceTransform } from "./callbacks";
import { supportedMonitorFeatures, supportsFeature } from "./monitor-features";
import { RefusedOption, refuseBuiltin, registrationOf } from "./register-request";
import { fromStruct, toStruct } from "./structs";
import { sourcePositionOf } from "./source-positions";
import { statusError } from "./status-error";
import { ProgramHandlers, RegistrationReply } from "./protocol";
import { PropertyMap } from "../values/property-values";

/** rpcutil.maxRPCMessageSize: Go's servers and the SDK's clients take messages up to 400 MiB. */
const MAX_RPC_MESSAGE_BYTES = 1024 * 1024 * 400;
/** How long a stopping server lets calls in flight end before it drops them. */
const SHUTDOWN_GRACE_MS = 2000;

export interface DeploymentInfo {
    project: string;
    stack: string;
    organization: string;
    config: Record<string, string>;
    configSecretKeys: string[];
    dryRun: boolean;
    parallel: number;
    /** The reference ("urn::id") of the provider the program's custom resources use. */
    providerRef: string;
    continueOnError: boolean;
    /** The project's folder, which source positions are recorded relative to (RunInfo.ProjectRoot). */
    projectRoot: string;
}

type Callback<T> = (error: grpc.ServiceError | null, value?: T) => void;

const NOT_FOLLOWED = "which the engine double does not follow; remove it, or run the program under the Pulumi CLI";

/** A hook's registration names the program's callback (GetCallbacksClient: "target must be specified"). */
function requiredCallback<T>(callback: T | undefined): T {
    if (!callback) throw statusError(grpc.status.INVALID_ARGUMENT, "a hook's registration must name its callback");
    return callback;
}

export class ResourceMonitor {
    /** The first request the double refused (an option or a call it does not follow): the run fails with it. */
    refusal?: Error;
    /** The messages the program logged as errors (Engine.Log), which say why it failed. */
    readonly loggedErrors: string[] = [];
    private readonly callbacks = new CallbackClients();
    private readonly stackTransforms: ResourceTransform[] = [];
    private readonly stackInvokeTransforms: InvokeTransform[] = [];
    /** Each registered resource's parent and own transforms: a child runs its ancestors' transforms too. */
    private readonly parents = new Map<string, string>();
    private readonly resourceTransforms = new Map<string, ResourceTransform[]>();
    /** builtinProvider's news and reads: what `pulumi:pulumi:getResource` answers from. */
    private readonly settled = new Map<string, { id: string; provider: string; outputs: PropertyMap }>();
    private readonly pending = new Set<() => void>();
    private rootResource = "";
    private cancelled = false;
    private releaseShutdown?: () => void;
    private announceShutdown!: () => void;
    /** Resolves when the program says it has finished (SignalAndWaitForShutdown). */
    readonly shutdownSignalled = new Promise<void>((resolve) => (this.announceShutdown = resolve));

    private constructor(
        private readonly server: grpc.Server,
        readonly address: string,
        private readonly info: DeploymentInfo,
        private readonly handlers: ProgramHandlers,
        private readonly print: (text: string) => void,
    ) {}

    static async start(
        info: DeploymentInfo,
        handlers: ProgramHandlers,
        print: (text: string) => void,
    ): Promise<ResourceMonitor> {
        const options = {
            "grpc.max_receive_message_length": MAX_RPC_MESSAGE_BYTES,
            "grpc.max_send_message_length": MAX_RPC_MESSAGE_BYTES,
        };
        const server = new grpc.Server(options);
        const port = await new Promise<number>((resolve, reject) =>
            server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
                error ? reject(error) : resolve(bound),
            ),
        );
        const monitor = new ResourceMonitor(server, `127.0.0.1:${port}`, info, handlers, print);
        server.addService(resrpc.ResourceMonitorService, monitor.monitorService());
        server.addService(engrpc.EngineService, monitor.engineService());
        return monitor;
    }

    /** rm.Cancel: calls waiting for the deployment are answered "shut down", and the program may now exit. */
    cancel(): void {
        this.cancelled = true;
        for (const abort of [...this.pending]) abort();
        this.releaseShutdown?.();
    }

    async stop(): Promise<void> {
        this.cancel();
        this.callbacks.close();
        await new Promise<void>((resolve) => {
            const force = setTimeout(() => {
                this.server.forceShutdown();
                resolve();
            }, SHUTDOWN_GRACE_MS);
            this.server.tryShutdown(() => {
                clearTimeout(force);
                resolve();
            });
        });
    }

    private monitorService(): resrpc.IResourceMonitorServer {
        const unary =
            <Req, Res>(work: (request: Req) => Promise<Res>) =>
            (call: grpc.ServerUnaryCall<Req, Res>, callback: Callback<Res>) =>
                this.serve(callback, () => work(call.request));
        return {
            getDeploymentInfo: unary(async () => this.deploymentInfo()),
            supportsFeature: unary(async (request: resproto.SupportsFeatureRequest) =>
                new resproto.SupportsFeatureResponse().setHassupport(supportsFeature(request.getId())),
            ),
            invoke: unary((request: resproto.ResourceInvokeRequest) => this.invoke(request)),
            call: unary(async () =>
                this.refuse(
                    "a method call (ResourceMonitor.Call) runs on a remote component's provider (pkg/resource/deploy/source_eval.go Call)",
                ),
            ),
            readResource: unary((request: resproto.ReadResourceRequest) => this.readResource(request)),
            existsResource: unary(async () => {
                throw statusError(grpc.status.UNIMPLEMENTED, "method ExistsResource not implemented");
            }),
            registerResource: unary((request: resproto.RegisterResourceRequest) => this.registerResource(request)),
            registerResourceOutputs: unary(async (request: resproto.RegisterResourceOutputsRequest) => {
                await this.handlers.registerOutputs(request.getUrn(), fromStruct(request.getOutputs()));
                return new Empty();
            }),
            registerStackTransform: unary(async (callback) => {
                this.stackTransforms.push(this.callbacks.resourceTransform(callback));
                return new Empty();
            }),
            registerStackInvokeTransform: unary(async (callback) => {
                this.stackInvokeTransforms.push(this.callbacks.invokeTransform(callback));
                return new Empty();
            }),
            registerResourceHook: unary(async (request: resproto.RegisterResourceHookRequest) => {
                this.handlers.hooks.registerResourceHook({
                    name: request.getName(),
                    callback: this.callbacks.resourceHook(requiredCallback(request.getCallback())),
                    onDryRun: request.getOnDryRun(),
                    ignoreErrors: request.getIgnoreErrors(),
                });
                return new Empty();
            }),
            registerErrorHook: unary(async (request: resproto.RegisterErrorHookRequest) => {
                this.handlers.hooks.registerErrorHook({
                    name: request.getName(),
                    callback: this.callbacks.errorHook(requiredCallback(request.getCallback())),
                });
                return new Empty();
            }),
            registerPackage: unary(async () =>
                this.refuse(
                    "packages are registered for parameterized providers (pkg/resource/deploy/source_eval.go RegisterPackage)",
                ),
            ),
            signalAndWaitForShutdown: (_call, callback) => this.waitForShutdown(callback),
        };
    }

    private engineService(): engrpc.IEngineServer {
        return {
            log: (call, callback) => {
                this.log(call.request);
                callback(null, new Empty());
            },
            getRootResource: (_call, callback) =>
                callback(null, new engproto.GetRootResourceResponse().setUrn(this.rootResource)),
            setRootResource: (call, callback) => {
                this.rootResource = call.request.getUrn();
                callback(null, new engproto.SetRootResourceResponse());
            },
            startDebugging: (_call, callback) =>
                callback(
                    statusError(
                        grpc.status.UNIMPLEMENTED,
                        `attaching a debugger (pkg/resource/plugin/host_server.go StartDebugging), ${NOT_FOLLOWED}`,
                    ),
                ),
            requirePulumiVersion: (_call, callback) =>
                callback(
                    statusError(
                        grpc.status.UNIMPLEMENTED,
                        `checking the CLI's version (pkg/resource/plugin/host_server.go RequirePulumiVersion), ${NOT_FOLLOWED}`,
                    ),
                ),
        };
    }

    /** Answers once: with the work's result, its failure, or "shut down" when the monitor is cancelled first. */
    private serve<T>(callback: Callback<T>, work: () => Promise<T>): void {
        let answered = false;
        const answer = (error: grpc.ServiceError | null, value?: T) => {
            if (answered) return;
            answered = true;
            this.pending.delete(abort);
            callback(error, value);
        };
        const abort = () =>
            answer(
                statusError(grpc.status.UNAVAILABLE, "resource monitor shut down while waiting on step's done channel"),
            );
        if (this.cancelled) return abort();
        this.pending.add(abort);
        work().then(
            (value) => answer(null, value),
            (error: Error) =>
                answer(
                    "code" in error ? (error as grpc.ServiceError) : statusError(grpc.status.UNKNOWN, error.message),
                ),
        );
    }

    private refuse(what: string): never {
        const error = new RefusedOption(`${what}, ${NOT_FOLLOWED}`);
        this.refusal ??= error;
        throw error;
    }

    private deploymentInfo(): resproto.DeploymentInfo {
        const info = new resproto.DeploymentInfo()
            .setProject(this.info.project)
            .setStack(this.info.stack)
            .setOrganization(this.info.organization)
            .setConfigsecretkeysList(this.info.configSecretKeys)
            .setDryrun(this.info.dryRun)
            .setParallel(this.info.parallel)
            .setSupportedfeaturesList(supportedMonitorFeatures());
        for (const [key, value] of Object.entries(this.info.config)) info.getConfigMap().set(key, value);
        return info;
    }

    private async registerResource(
        request: resproto.RegisterResourceRequest,
    ): Promise<resproto.RegisterResourceResponse> {
        const parent = request.getParent();
        const own = request.getTransformsList().map((callback) => this.callbacks.resourceTransform(callback));
        let registration;
        try {
            const goal = await registrationOf(request, [
                ...own,
                ...this.ancestorTransforms(parent),
                ...this.stackTransforms,
            ]);
            registration = { ...goal, ...sourcePositionOf(request, this.info.projectRoot) };
        } catch (error) {
            if (error instanceof RefusedOption) this.refusal ??= error;
            throw error;
        }
        const response = new resproto.RegisterResourceResponse();
        let reply: RegistrationReply;
        try {
            reply = await this.handlers.register(registration);
        } catch (error) {
            return this.failedRegistration(request, response, error as Error);
        }
        this.parents.set(reply.urn, parent);
        this.resourceTransforms.set(reply.urn, own);
        if (request.getCustom())
            this.settled.set(reply.urn, { id: reply.id, provider: this.info.providerRef, outputs: reply.object });
        // A component's outputs are not returned: they may name resources not registered yet (RegisterResource).
        return response
            .setUrn(reply.urn)
            .setId(reply.id)
            .setObject(toStruct(request.getCustom() ? reply.object : {}))
            .setResult(resproto.Result.SUCCESS);
    }

    /**
     * A failed step: with --continue-on-error the program hears that the resource failed and runs on (the step's
     * reg.Done with ResultStateFailed; a skipped one is SKIP in Go, which the SDK takes alike); otherwise the deployment
     * has stopped and the monitor is shut down (rm.cancel).
     */
    private failedRegistration(
        request: resproto.RegisterResourceRequest,
        response: resproto.RegisterResourceResponse,
        error: Error,
    ): resproto.RegisterResourceResponse {
        if (!this.info.continueOnError) {
            throw statusError(
                grpc.status.UNAVAILABLE,
                `resource monitor shut down while waiting on step's done channel (${error.message})`,
            );
        }
        const urn = resourceUrn(
            this.info.project,
            this.info.stack,
            request.getType(),
            request.getName(),
            request.getParent(),
        );
        return response.setUrn(urn).setObject(toStruct({})).setResult(resproto.Result.FAIL);
    }

    private ancestorTransforms(parent: string): ResourceTransform[] {
        const transforms: ResourceTransform[] = [];
        for (let current = parent; current !== "" && current !== undefined; current = this.parents.get(current) ?? "") {
            transforms.push(...(this.resourceTransforms.get(current) ?? []));
        }
        return transforms;
    }

    private async readResource(request: resproto.ReadResourceRequest): Promise<resproto.ReadResourceResponse> {
        try {
            refuseBuiltin(request.getType(), request.getName());
        } catch (error) {
            this.refusal ??= error as Error;
            throw error;
        }
        const reply = await this.handlers.register({
            type: request.getType(),
            name: request.getName(),
            custom: true,
            parent: request.getParent(),
            object: fromStruct(request.getProperties()),
            dependencies: request.getDependenciesList(),
            additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
            ignoreChanges: [],
            replaceOnChanges: [],
            protect: false,
            retainOnDelete: true,
            readId: request.getId(),
            ...sourcePositionOf(request, this.info.projectRoot),
        });
        this.settled.set(reply.urn, { id: reply.id, provider: this.info.providerRef, outputs: reply.object });
        return new resproto.ReadResourceResponse().setUrn(reply.urn).setProperties(toStruct(reply.object));
    }

    /** Invoke: the stack invoke transforms, then the builtin provider's getResource; no other provider is loaded. */
    private async invoke(request: resproto.ResourceInvokeRequest): Promise<resproto.ResourceInvokeResponse> {
        let args = fromStruct(request.getArgs());
        let options = new resproto.TransformInvokeOptions()
            .setProvider(request.getProvider())
            .setVersion(request.getVersion())
            .setPluginDownloadUrl(request.getPlugindownloadurl());
        for (const transform of this.stackInvokeTransforms) {
            ({ props: args, options } = await transform(request.getTok(), args, options));
        }
        if (request.getTok() !== "pulumi:pulumi:getResource") {
            this.refuse(
                `invoke ${request.getTok()} calls its package's provider plugin (pkg/resource/deploy/source_eval.go Invoke, getProviderFromSource), which the double does not load`,
            );
        }
        const urn = String(args.urn);
        const state = this.settled.get(urn);
        if (!state) {
            throw new Error(`invocation of pulumi:pulumi:getResource returned an error: unknown resource ${urn}`);
        }
        const result = { urn, id: state.id, provider: state.provider, state: state.outputs };
        return new resproto.ResourceInvokeResponse().setReturn(toStruct(result));
    }

    private waitForShutdown(callback: Callback<Empty>): void {
        if (this.releaseShutdown) {
            callback(statusError(grpc.status.UNKNOWN, "Already waiting for shutdown"));
            return;
        }
        let released = false;
        this.releaseShutdown = () => {
            if (!released) callback(null, new Empty());
            released = true;
        };
        this.announceShutdown();
        if (this.cancelled) this.releaseShutdown();
    }

    /** What the CLI prints of the program's log: info as it is, warnings and errors with their prefix; debug not. */
    private log(request: engproto.LogRequest): void {
        const message = request.getMessage();
        switch (request.getSeverity()) {
            case engproto.LogSeverity.INFO:
                if (!request.getEphemeral()) this.print(`${message}\n`);
                break;
            case engproto.LogSeverity.WARNING:
                this.print(`warning: ${message}\n`);
                break;
            case engproto.LogSeverity.ERROR:
                this.loggedErrors.push(message);
                this.print(`error: ${message}\n`);
                break;
        }
    }
}
