// The plugin's door: Pulumi's ResourceProvider gRPC service, answered by the kinds' own lifecycle. A call's type token
// names the kind (`shortener:index:Link`), whose methods `bindProvider` gives exactly as the dynamic resources' stub
// gets them: one lifecycle, one context per account, two doors. What this file adds is only what the wire needs:
// the config the engine sends (config.ts), secrets wrapped on the wire (secrets.ts), the schema, the look-ups as
// invokes, and errors in the engine's forms.
import * as grpc from "@grpc/grpc-js";
import * as anyproto from "google-protobuf/google/protobuf/any_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { argumentOf, READS, type Read, type ReadName } from "../data";
import { messageOf } from "../../common/text/message-of";
import { ResourceInitError, type Failure, type Props } from "../resources/lifecycle";
import { definitions } from "../resources/registry";
import { kindOfType, PLUGIN_TYPE_PREFIX } from "../resources/type-token";
import { contextFor } from "../resources/context";
import { redactor } from "../client/redact";
import { changedFields } from "../resources/props";
import { bindProvider } from "../runtime";
import { packageSchema } from "../schema";
import { forTerminal } from "../terminal";
import { packageVersion } from "../../common/package-version";
import { configFailures, configSource } from "./config";
import { unwrapped, wrapped } from "./secrets";

type Call<Request> = grpc.ServerUnaryCall<Request, unknown>;
type Answer = grpc.sendUnaryData<unknown>;

/** A kind's methods as the lifecycle gives them (providerMethods), typed as this door reads their answers. */
interface KindMethods {
    check(olds: Props, news: Props): Promise<{ inputs?: Props; failures?: Failure[] }>;
    diff(
        id: string,
        olds: Props,
        news: Props,
    ): Promise<{ changes?: boolean; replaces?: string[]; deleteBeforeReplace?: boolean }>;
    create(props: Props): Promise<{ id: string; outs?: Props }>;
    read(id: string, state: Props): Promise<{ id?: string; props?: Props; inputs?: Props }>;
    update(id: string, olds: Props, news: Props): Promise<{ outs?: Props }>;
    delete(id: string, state: Props): Promise<void>;
}

/**
 * A gRPC method from the work it does with the request: its answer is the response, its failure the error the engine
 * shows (escaped for the terminal, as every message of the provider is), or the structured error a write made.
 */
function unary<Request>(work: (request: Request) => unknown) {
    return (call: Call<Request>, answer: Answer): void => {
        Promise.resolve()
            .then(() => work(call.request))
            .then(
                (response) => answer(null, response),
                (error: unknown) => answer(isServiceError(error) ? error : failure(forTerminal(messageOf(error)))),
            );
    };
}

/** A struct of the wire as plain properties (absent: none). */
const propsOf = (struct: structproto.Struct | undefined): Props => struct?.toJavaScript() ?? {};
/** Properties as a struct: JSON's values only (the lifecycle's outputs never hold undefined, this makes sure). */
const structOf = (props: Props) => structproto.Struct.fromJavaScript(JSON.parse(JSON.stringify(props)) as never);

/** The state of one plugin process: the config Configure gave, and the schema's config names. */
export class ShortenerProvider {
    private config: Props = {};
    private readonly schema = packageSchema() as { config: { variables: Record<string, unknown> } };
    private readonly configNames = Object.keys(this.schema.config.variables);

    /**
     * The kind's methods for a call on `urn`'s type, bound to the configured account, with `secrets` (the text of what
     * arrived secret) kept out of what the call says: the errors of its requests, and its own failures.
     */
    private methods(
        urn: string,
        secrets: readonly string[],
    ): { methods: KindMethods; secretInputs: readonly string[] } {
        const type = urn.split("::")[2]?.split("$").pop() ?? "";
        const kind = type.startsWith(PLUGIN_TYPE_PREFIX) ? kindOfType(type) : undefined;
        if (!kind || !definitions[kind])
            throw new Error(`the shortener plugin has no resource of type ${JSON.stringify(type)}`);
        return {
            methods: redacting(bindProvider(kind, configSource(this.config), secrets), redactor(secrets)),
            secretInputs: definitions[kind].secretInputs ?? [],
        };
    }

    readonly service: grpc.UntypedServiceImplementation = {
        getPluginInfo: unary(() => new plugproto.PluginInfo().setVersion(packageVersion())),
        getSchema: unary((request: provproto.GetSchemaRequest) => {
            if (request.getVersion() !== 0) throw new Error(`unsupported schema version ${request.getVersion()}`);
            return new provproto.GetSchemaResponse().setSchema(JSON.stringify(this.schema));
        }),
        checkConfig: unary((request: provproto.CheckRequest) => {
            const { props, secret } = unwrapped(propsOf(request.getNews()));
            return new provproto.CheckResponse()
                .setInputs(structOf(wrapped(props, [...secret, "apiKey"])))
                .setFailuresList(configFailures(props, this.configNames).map(checkFailure));
        }),
        diffConfig: unary((request: provproto.DiffRequest) => {
            // A new key or base URL reaches the same objects through other credentials, or another account: either way
            // the objects stay, so a change of config updates the provider and never replaces a resource.
            const olds = unwrapped(propsOf(request.getOldInputs() ?? request.getOlds())).props;
            const news = unwrapped(propsOf(request.getNews())).props;
            const changed = changedFields(this.configNames, olds, news);
            return diffResponse(changed.length > 0, [], false, changed);
        }),
        configure: unary((request: provproto.ConfigureRequest) => {
            const args = request.getArgs();
            this.config = args
                ? unwrapped(propsOf(args)).props
                : Object.fromEntries(
                      [...request.getVariablesMap().entries()].map(([key, value]): [string, string] => [
                          key.slice(key.lastIndexOf(":") + 1),
                          value,
                      ]),
                  );
            return new provproto.ConfigureResponse().setAcceptsecrets(true).setAcceptresources(false);
        }),
        check: unary(async (request: provproto.CheckRequest) => {
            const olds = unwrapped(propsOf(request.getOlds()));
            const news = unwrapped(propsOf(request.getNews()));
            const { methods, secretInputs } = this.methods(request.getUrn(), [...olds.texts, ...news.texts]);
            const checked = await methods.check(olds.props, news.props);
            return new provproto.CheckResponse()
                .setInputs(structOf(wrapped(checked.inputs ?? news.props, [...news.secret, ...secretInputs])))
                .setFailuresList((checked.failures ?? []).map(checkFailure));
        }),
        diff: unary(async (request: provproto.DiffRequest) => {
            const olds = unwrapped(propsOf(request.getOlds()));
            const news = unwrapped(propsOf(request.getNews()));
            const { methods } = this.methods(request.getUrn(), [...olds.texts, ...news.texts]);
            const diff = await methods.diff(request.getId(), olds.props, news.props);
            return diffResponse(diff.changes === true, diff.replaces ?? [], diff.deleteBeforeReplace === true);
        }),
        create: unary(async (request: provproto.CreateRequest) => {
            const given = unwrapped(propsOf(request.getProperties()));
            const { methods, secretInputs } = this.methods(request.getUrn(), given.texts);
            const secret = [...given.secret, ...secretInputs];
            const created = await methods.create(given.props).catch((error: unknown) => {
                throw writeFailure(error, secret);
            });
            return new provproto.CreateResponse()
                .setId(created.id)
                .setProperties(structOf(wrapped(created.outs ?? {}, secret)));
        }),
        read: unary(async (request: provproto.ReadRequest) => {
            const state = unwrapped(propsOf(request.getProperties()));
            const inputs = unwrapped(propsOf(request.getInputs()));
            const { methods, secretInputs } = this.methods(request.getUrn(), [...state.texts, ...inputs.texts]);
            const secret = [...state.secret, ...inputs.secret, ...secretInputs];
            // A refresh sends the last outputs; an import or a `get` sends none, and the lifecycle reads the id alone.
            const read = await methods.read(request.getId(), state.props);
            const response = new provproto.ReadResponse()
                .setId(read.id ?? "")
                .setProperties(structOf(wrapped(read.props ?? {}, secret)));
            return read.inputs ? response.setInputs(structOf(wrapped(read.inputs, secret))) : response;
        }),
        update: unary(async (request: provproto.UpdateRequest) => {
            const olds = unwrapped(propsOf(request.getOlds()));
            const news = unwrapped(propsOf(request.getNews()));
            const { methods, secretInputs } = this.methods(request.getUrn(), [...olds.texts, ...news.texts]);
            const secret = [...olds.secret, ...news.secret, ...secretInputs];
            const updated = await methods.update(request.getId(), olds.props, news.props).catch((error: unknown) => {
                throw writeFailure(error, secret);
            });
            return new provproto.UpdateResponse().setProperties(structOf(wrapped(updated.outs ?? {}, secret)));
        }),
        delete: unary(async (request: provproto.DeleteRequest) => {
            const state = unwrapped(propsOf(request.getProperties()));
            const { methods } = this.methods(request.getUrn(), state.texts);
            await methods.delete(request.getId(), state.props);
            return new emptyproto.Empty();
        }),
        invoke: unary(async (request: provproto.InvokeRequest) => {
            const result = await this.invoke(request.getTok(), unwrapped(propsOf(request.getArgs())).props);
            return new provproto.InvokeResponse().setReturn(structOf(result));
        }),
        cancel: unary(() => new emptyproto.Empty()),
    };

    /** A look-up of data.ts, by its token (`shortener:index:listLinks`), for the configured account. */
    private async invoke(token: string, args: Props): Promise<Props> {
        const name = token.startsWith(PLUGIN_TYPE_PREFIX) ? token.slice(PLUGIN_TYPE_PREFIX.length) : "";
        if (!Object.hasOwn(READS, name))
            throw new Error(`the shortener plugin has no function ${JSON.stringify(token)}`);
        const read = READS[name as ReadName] as Read<unknown>;
        const unexpected = Object.keys(args).filter((key) => key !== read.argument?.name);
        if (unexpected.length > 0)
            throw new Error(`${name} takes no argument ${unexpected.map((key) => JSON.stringify(key)).join(", ")}`);
        const id = read.argument ? argumentOf(name as ReadName, args[read.argument.name]) : 0;
        const client = contextFor(configSource(this.config)).client();
        return { [read.result]: await read.read(client, id) };
    }
}

/** The service with every method this file does not answer refused by name, as gRPC's Unimplemented. */
export function providerService(provider: ShortenerProvider): grpc.UntypedServiceImplementation {
    const refusal = (method: string) => ({
        code: grpc.status.UNIMPLEMENTED,
        details: `the shortener plugin does not implement ${method}`,
    });
    const service: grpc.UntypedServiceImplementation = {};
    for (const [method, definition] of Object.entries(provrpc.ResourceProviderService)) {
        service[method] =
            provider.service[method] ??
            (definition.responseStream
                ? (call: grpc.ServerWritableStream<unknown, unknown>) => call.emit("error", refusal(method))
                : (_call: unknown, answer: Answer) => answer(refusal(method)));
    }
    return service;
}

/**
 * The methods with `redact` applied to all they say: a failure's message (and a created object's reasons), and each
 * check failure's reason. The lifecycle's own words may quote a value it was given, which the plugin knows was secret.
 */
function redacting(methods: KindMethods, redact: (text: string) => string): KindMethods {
    const said = <T>(work: Promise<T>): Promise<T> =>
        work.catch((error: unknown) => {
            if (error instanceof ResourceInitError)
                throw new ResourceInitError(
                    redact(error.message),
                    error.id,
                    error.properties,
                    error.reasons.map(redact),
                );
            throw new Error(redact(messageOf(error)));
        });
    return {
        check: async (olds, news) => {
            const checked = await said(methods.check(olds, news));
            const failures = checked.failures?.map((found) => ({ ...found, reason: redact(found.reason) }));
            return { ...checked, failures };
        },
        diff: (id, olds, news) => said(methods.diff(id, olds, news)),
        create: (props) => said(methods.create(props)),
        read: (id, state) => said(methods.read(id, state)),
        update: (id, olds, news) => said(methods.update(id, olds, news)),
        delete: (id, state) => said(methods.delete(id, state)),
    };
}

function checkFailure(found: Failure): provproto.CheckFailure {
    return new provproto.CheckFailure().setProperty(found.property).setReason(forTerminal(found.reason));
}

function diffResponse(changes: boolean, replaces: string[], deleteFirst: boolean, diffs: string[] = []) {
    const { DIFF_SOME, DIFF_NONE } = provproto.DiffResponse.DiffChanges;
    return new provproto.DiffResponse()
        .setChanges(changes ? DIFF_SOME : DIFF_NONE)
        .setReplacesList(replaces)
        .setDeletebeforereplace(deleteFirst)
        .setDiffsList(diffs);
}

function isServiceError(error: unknown): error is grpc.ServiceError {
    return error instanceof Error && "code" in error && "metadata" in error;
}

function failure(message: string): grpc.ServiceError {
    return Object.assign(new Error(message), {
        code: grpc.status.UNKNOWN,
        details: message,
        metadata: new grpc.Metadata(),
    });
}

/**
 * A create or update that failed. Where the object exists but was not brought to the declared state, the engine is told
 * its id and properties (ErrorResourceInitFailed), so it keeps the object in the state: nothing is orphaned.
 */
function writeFailure(error: unknown, secret: readonly string[]): grpc.ServiceError {
    const message = forTerminal(messageOf(error));
    const answer = failure(message);
    if (!(error instanceof ResourceInitError)) return answer;
    const detail = new provproto.ErrorResourceInitFailed()
        .setId(error.id)
        .setProperties(structOf(wrapped(error.properties, secret)))
        .setReasonsList(error.reasons);
    const details = new anyproto.Any();
    details.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status().setCode(grpc.status.UNKNOWN).setMessage(message);
    status.addDetails(details);
    answer.metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
    return answer;
}
