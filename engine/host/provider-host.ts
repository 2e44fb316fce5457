// The real dynamic-provider host from @pulumi/pulumi, started the way the engine starts it (cwd = the
// program's directory, so that requires inside serialized providers resolve from its node_modules)
// and driven over gRPC.
import { spawn } from "child_process";
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { firstStdoutLine, stopChild, track } from "./child-processes";
import { fromStruct, toStruct } from "./structs";
import { PropertyMap, annotateSecrets, propertiesWithoutSecrets, wrapSecret } from "../values/property-values";
import { Project } from "../state/project";

export interface ResourceRef {
    urn: string;
    name: string;
    type: string;
}

export interface CheckResult {
    inputs: PropertyMap;
    failures: { property: string; reason: string }[];
}

export interface DiffResult {
    changes: "some" | "none" | "unknown";
    replaces: string[];
    deleteBeforeReplace: boolean;
}

export interface ReadResult {
    id: string;
    outputs: PropertyMap;
    inputs?: PropertyMap;
}

/** The provider created the resource (it has an id) but reported that it failed to initialise. */
export class ResourceInitError extends Error {
    constructor(
        message: string,
        readonly id: string,
        readonly outputs: PropertyMap,
        readonly reasons: string[],
    ) {
        super(message);
    }
}

export interface ProviderHost {
    readonly pid: number;
    /** What the host printed besides its port: provider logs and its own error reports. */
    readonly output: string[];
    configure(config: Record<string, string>, secretKeys: readonly string[]): Promise<void>;
    check(ref: ResourceRef, olds: PropertyMap, news: PropertyMap): Promise<CheckResult>;
    diff(
        ref: ResourceRef,
        id: string,
        olds: PropertyMap,
        news: PropertyMap,
        oldInputs: PropertyMap,
    ): Promise<DiffResult>;
    create(ref: ResourceRef, inputs: PropertyMap): Promise<{ id: string; outputs: PropertyMap }>;
    read(ref: ResourceRef, id: string, outputs: PropertyMap, inputs: PropertyMap): Promise<ReadResult>;
    update(
        ref: ResourceRef,
        id: string,
        olds: PropertyMap,
        news: PropertyMap,
        oldInputs: PropertyMap,
    ): Promise<PropertyMap>;
    delete(ref: ResourceRef, id: string, outputs: PropertyMap, inputs: PropertyMap): Promise<void>;
    stop(): Promise<void>;
}

const HOST_SCRIPT = "@pulumi/pulumi/cmd/dynamic-provider/index.js";
// The host requires an engine address argument but never dials it.
const UNUSED_ENGINE_ADDRESS = "127.0.0.1:1";

export function hostScriptFor(programDir: string): string {
    try {
        return require.resolve(HOST_SCRIPT, { paths: [programDir] });
    } catch {
        return require.resolve(HOST_SCRIPT);
    }
}

/** The dynamic providers' package, whose config namespace the engine gives their host (nodejsDynamicProviderPackage). */
const DYNAMIC_PROVIDER_PACKAGE = "pulumi-nodejs";

/**
 * The environment the engine starts the dynamic-provider host with (pkg/host/host.go defaultHost.Provider,
 * pkg/resource/plugin/provider_plugin.go NewProvider): the runtime's options as PULUMI_RUNTIME_<NAME>, the project's
 * name, and as PULUMI_CONFIG the config keys of the pulumi-nodejs namespace by their names alone.
 */
export function providerHostEnv(
    project: Pick<Project, "name" | "runtimeOptionValues">,
    config: Record<string, string>,
): Record<string, string> {
    const prefix = `${DYNAMIC_PROVIDER_PACKAGE}:`;
    const namespace = Object.entries(config)
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, value]) => [key.slice(prefix.length), value]);
    return {
        ...Object.fromEntries(
            Object.entries(project.runtimeOptionValues).map(([name, value]) => [
                `PULUMI_RUNTIME_${name.toUpperCase()}`,
                String(value),
            ]),
        ),
        PULUMI_NODEJS_PROJECT: project.name,
        PULUMI_PROJECT: project.name,
        PULUMI_CONFIG: JSON.stringify(Object.fromEntries(namespace)),
    };
}

export async function startProviderHost(programDir: string, env: NodeJS.ProcessEnv): Promise<ProviderHost> {
    const child = track(
        spawn(process.execPath, [hostScriptFor(programDir), UNUSED_ENGINE_ADDRESS], {
            cwd: programDir,
            env,
            stdio: ["ignore", "pipe", "pipe"],
        }),
    );
    const output: string[] = [];
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    let port: string;
    try {
        port = await firstStdoutLine(child, () => `provider host (${output.join("").trim()})`);
    } catch (error) {
        await stopChild(child);
        throw error;
    }
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new GrpcProviderHost(child.pid ?? -1, output, client, async () => {
        client.close();
        await stopChild(child);
    });
}

/** Properties as sent to the host, which does not accept secrets (MarshalOptions KeepSecrets: acceptSecrets). */
const sent = (props: PropertyMap) => toStruct(propertiesWithoutSecrets(props));

/** A request about one resource, named as every resource call of provider.proto names it: URN, name and type. */
function about<R extends { setUrn(urn: string): R; setName(name: string): R; setType(type: string): R }>(
    request: R,
    ref: ResourceRef,
): R {
    return request.setUrn(ref.urn).setName(ref.name).setType(ref.type);
}

/**
 * The host answers acceptSecrets=false to Configure, so, as provider_plugin.go does for such a provider, the values
 * sent to it are stripped of their secrets and its answers get the secrecy of what they answer (annotateSecrets).
 */
class GrpcProviderHost implements ProviderHost {
    constructor(
        readonly pid: number,
        readonly output: string[],
        private readonly client: provrpc.ResourceProviderClient,
        readonly stop: () => Promise<void>,
    ) {}

    async configure(config: Record<string, string>, secretKeys: readonly string[]): Promise<void> {
        const args: PropertyMap = {};
        const request = new provproto.ConfigureRequest();
        for (const [key, value] of Object.entries(config)) {
            request.getVariablesMap().set(key, value);
            args[key] = secretKeys.includes(key) ? wrapSecret(value) : value;
        }
        request.setArgs(toStruct(args)).setAcceptsecrets(true).setAcceptresources(true);
        await this.call<unknown>("Configure", (done) => this.client.configure(request, done));
    }

    async check(ref: ResourceRef, olds: PropertyMap, news: PropertyMap): Promise<CheckResult> {
        const request = about(new provproto.CheckRequest(), ref).setOlds(sent(olds)).setNews(sent(news));
        const response = await this.call<provproto.CheckResponse>("Check", (done) => this.client.check(request, done));
        return {
            inputs: annotateSecrets(fromStruct(response.getInputs()), news),
            failures: response
                .getFailuresList()
                .map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() })),
        };
    }

    async diff(
        ref: ResourceRef,
        id: string,
        olds: PropertyMap,
        news: PropertyMap,
        oldInputs: PropertyMap,
    ): Promise<DiffResult> {
        const request = about(new provproto.DiffRequest(), ref)
            .setId(id)
            .setOlds(sent(olds))
            .setNews(sent(news))
            .setOldInputs(sent(oldInputs));
        const response = await this.call<provproto.DiffResponse>("Diff", (done) => this.client.diff(request, done));
        const changes = response.getChanges();
        const { DiffChanges } = provproto.DiffResponse;
        return {
            changes:
                changes === DiffChanges.DIFF_SOME ? "some" : changes === DiffChanges.DIFF_NONE ? "none" : "unknown",
            replaces: response.getReplacesList(),
            deleteBeforeReplace: response.getDeletebeforereplace(),
        };
    }

    async create(ref: ResourceRef, inputs: PropertyMap): Promise<{ id: string; outputs: PropertyMap }> {
        const request = about(new provproto.CreateRequest(), ref).setProperties(sent(inputs));
        const response = await annotatedInitError(
            inputs,
            this.call<provproto.CreateResponse>("Create", (done) => this.client.create(request, done)),
        );
        return { id: response.getId(), outputs: annotateSecrets(fromStruct(response.getProperties()), inputs) };
    }

    async read(ref: ResourceRef, id: string, outputs: PropertyMap, inputs: PropertyMap): Promise<ReadResult> {
        const request = about(new provproto.ReadRequest(), ref)
            .setId(id)
            .setProperties(sent(outputs))
            .setInputs(sent(inputs));
        const response = await this.call<provproto.ReadResponse>("Read", (done) => this.client.read(request, done));
        return {
            id: response.getId(),
            outputs: annotateSecrets(fromStruct(response.getProperties()), outputs),
            inputs: response.hasInputs() ? annotateSecrets(fromStruct(response.getInputs()), inputs) : undefined,
        };
    }

    async update(
        ref: ResourceRef,
        id: string,
        olds: PropertyMap,
        news: PropertyMap,
        oldInputs: PropertyMap,
    ): Promise<PropertyMap> {
        const request = about(new provproto.UpdateRequest(), ref)
            .setId(id)
            .setOlds(sent(olds))
            .setNews(sent(news))
            .setOldInputs(sent(oldInputs));
        const response = await annotatedInitError(
            news,
            this.call<provproto.UpdateResponse>("Update", (done) => this.client.update(request, done)),
        );
        return annotateSecrets(fromStruct(response.getProperties()), news);
    }

    async delete(ref: ResourceRef, id: string, outputs: PropertyMap, inputs: PropertyMap): Promise<void> {
        const request = about(new provproto.DeleteRequest(), ref)
            .setId(id)
            .setProperties(sent(outputs))
            .setOldInputs(sent(inputs));
        await this.call<unknown>("Delete", (done) => this.client.delete(request, done));
    }

    private call<Res>(
        method: string,
        invoke: (done: (error: grpc.ServiceError | null, response: Res) => void) => void,
    ): Promise<Res> {
        return new Promise((resolve, reject) => {
            invoke((error, response) => (error ? reject(providerError(method, error)) : resolve(response)));
        });
    }
}

/** The outputs a create or update that failed to initialise answers get the secrecy of its inputs, as its success would. */
async function annotatedInitError<T>(inputs: PropertyMap, answer: Promise<T>): Promise<T> {
    try {
        return await answer;
    } catch (error) {
        if (error instanceof ResourceInitError) {
            throw new ResourceInitError(error.message, error.id, annotateSecrets(error.outputs, inputs), error.reasons);
        }
        throw error;
    }
}

function providerError(method: string, error: grpc.ServiceError): Error {
    // The host sends the provider's error as "Error: <message>"; a message that already says what failed is not
    // prefixed again (no "Create failed: Domain create failed: ...").
    const details = (error.details || error.message).replace(/^Error: /, "");
    const message = details.toLowerCase().includes(`${method.toLowerCase()} failed`)
        ? details
        : `${method} failed: ${details}`;
    const initFailure = initFailureIn(error);
    if (initFailure) {
        return new ResourceInitError(
            message,
            initFailure.getId(),
            fromStruct(initFailure.getProperties()),
            initFailure.getReasonsList(),
        );
    }
    return new Error(message);
}

function initFailureIn(error: grpc.ServiceError): provproto.ErrorResourceInitFailed | undefined {
    const [encoded] = error.metadata?.get("grpc-status-details-bin") ?? [];
    if (!encoded || typeof encoded === "string") {
        return undefined;
    }
    const status = statusproto.Status.deserializeBinary(new Uint8Array(encoded));
    const detail = status.getDetailsList().find((any) => any.getTypeName() === "pulumirpc.ErrorResourceInitFailed");
    return detail ? provproto.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8()) : undefined;
}
