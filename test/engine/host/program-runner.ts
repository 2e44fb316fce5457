// The program child: runs a Pulumi program under pulumi's mocks, with the mock monitor's registrations
// forwarded over IPC to the engine process, which answers with real outputs. Pulumi is loaded from
// the program's own node_modules, so that the program and this runner share one runtime instance.
import * as fs from "fs";
import * as path from "path";
import type { AliasSpec, EngineMessage, ProgramMessage, RegistrationReply, RegistrationRequest, RunnerArguments } from "./protocol";

/* eslint-disable @typescript-eslint/no-explicit-any -- pulumi's internals are loaded dynamically */
type Callback = (error: Error | null, response?: any) => void;

const args = JSON.parse(process.argv[2] ?? "{}") as RunnerArguments;
const pending = new Map<number, { resolve: (reply: RegistrationReply) => void; reject: (error: Error) => void }>();
let nextRequestId = 1;

function send(message: ProgramMessage): Promise<void> {
    return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

// The IPC channel would keep this process alive forever; it is held only while the engine owes an
// answer, so that "beforeExit" means the program has nothing left to do, as in pulumi's language host.
function holdChannel(): void {
    process.channel?.[pending.size > 0 ? "ref" : "unref"]();
}

/** The stack config, which the engine sends before anything else (see protocol.ts). */
const configReceived = new Promise<void>((resolve) =>
    process.on("message", (message: EngineMessage) => {
        if (message.kind !== "config") return;
        Object.assign(process.env, message.env);
        resolve();
    }),
);

process.on("message", (message: EngineMessage) => {
    if (message.kind === "config") return;
    const waiting = pending.get(message.requestId);
    if (!waiting) {
        return;
    }
    pending.delete(message.requestId);
    holdChannel();
    if (message.kind === "registered") {
        waiting.resolve(message.reply);
    } else {
        waiting.reject(new Error(message.message));
    }
});

function register(request: RegistrationRequest): Promise<RegistrationReply> {
    const requestId = nextRequestId++;
    const reply = new Promise<RegistrationReply>((resolve, reject) => pending.set(requestId, { resolve, reject }));
    holdChannel();
    void send({ kind: "register", requestId, request });
    return reply;
}

async function fail(error: unknown): Promise<never> {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.channel?.ref();
    await send({ kind: "failed", message });
    process.exit(1);
}

function fromProgram(id: string, base = args.programDir): any {
    return require(require.resolve(id, { paths: [base] }));
}

function forwardRegistrations(monitor: any, pulumiDir: string): void {
    const resproto = fromProgram("@pulumi/pulumi/proto/resource_pb");
    // The Struct class must be the copy pulumi's generated protobuf code uses.
    const { Struct } = fromProgram("google-protobuf/google/protobuf/struct_pb", pulumiDir);
    monitor.registerResource = (req: any, callback: Callback) => {
        const refused = unfollowedOption(req);
        if (refused) {
            callback(new Error(`${req.getType()} ${req.getName()}: ${refused}`));
            return;
        }
        const request: RegistrationRequest = {
            type: req.getType(),
            name: req.getName(),
            custom: req.getCustom(),
            parent: req.getParent(),
            object: req.getObject()?.toJavaScript() ?? {},
            dependencies: req.getDependenciesList(),
            propertyDependencies: propertyDependenciesOf(req.getPropertydependenciesMap()),
            additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
            ignoreChanges: req.getIgnorechangesList(),
            replaceOnChanges: req.getReplaceonchangesList(),
            protect: req.hasProtect() ? req.getProtect() : undefined,
            retainOnDelete: req.hasRetainondelete() ? req.getRetainondelete() : undefined,
            deletedWith: req.getDeletedwith(),
            importId: req.getImportid(),
            aliases: req.getAliasesList().map(aliasOf),
            customTimeouts: customTimeoutsOf(req.getCustomtimeouts()),
            deleteBeforeReplace: req.getDeletebeforereplacedefined() ? req.getDeletebeforereplace() : undefined,
        };
        register(request).then(
            (reply) => {
                const response = new resproto.RegisterResourceResponse();
                response.setUrn(reply.urn);
                response.setId(reply.id);
                response.setObject(Struct.fromJavaScript(reply.object));
                callback(null, response);
            },
            (error: Error) => callback(error),
        );
    };
    monitor.readResource = (req: any, callback: Callback) => {
        const request: RegistrationRequest = {
            type: req.getType(),
            name: req.getName(),
            custom: true,
            parent: req.getParent(),
            object: req.getProperties()?.toJavaScript() ?? {},
            dependencies: req.getDependenciesList(),
            additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
            ignoreChanges: [],
            replaceOnChanges: [],
            protect: false,
            retainOnDelete: true,
            readId: req.getId(),
        };
        register(request).then(
            (reply) => {
                const response = new resproto.ReadResourceResponse();
                response.setUrn(reply.urn);
                response.setProperties(Struct.fromJavaScript(reply.object));
                callback(null, response);
            },
            (error: Error) => callback(error),
        );
    };
    monitor.registerResourceOutputs = (req: any, callback: Callback) => {
        void send({ kind: "outputs", urn: req.getUrn(), outputs: req.getOutputs()?.toJavaScript() ?? {} });
        callback(null, {});
    };
}

const NOT_FOLLOWED = "which the engine double does not follow; remove it, or run the program under the Pulumi CLI";

/**
 * The resource options the double does not follow, named with the Go code that acts on them: a run that went on
 * without them would make another plan than the Go engine's, so the registration fails instead.
 */
function unfollowedOption(req: any): string | undefined {
    if (req.getTransformsList().length > 0) {
        return `the transforms option calls back into the program (pkg/resource/deploy/source_eval.go RegisterResource, the callbacks protocol), ${NOT_FOLLOWED}`;
    }
    if (req.hasReplacementTrigger()) {
        return `the replacementTrigger option replaces the resource when its value changes (pkg/resource/deploy/step_generator.go), ${NOT_FOLLOWED}`;
    }
    if (req.getReplaceWithList().length > 0) {
        return `the replaceWith option replaces the resource with those it names (pkg/resource/deploy/step_generator.go diff), ${NOT_FOLLOWED}`;
    }
    if (req.getHidediffsList().length > 0) {
        return `the hideDiffs option hides those paths' changes from the display (pkg/backend/display), ${NOT_FOLLOWED}`;
    }
    if (req.hasHooks()) {
        return `resource hooks run at each step (pkg/resource/deploy/step_executor.go, the callbacks protocol), ${NOT_FOLLOWED}`;
    }
    return undefined;
}

/**
 * Stack transforms call back into the program for every registration, as resource transforms do. The SDK drops the
 * reason of a refused stack transform (it rejects with nothing), so the program is failed here with it.
 */
function refuseStackTransforms(monitor: any): void {
    const refuse = (what: string) => () =>
        void fail(new Error(`${what} call back into the program for each registration (pkg/resource/deploy/source_eval.go, the callbacks protocol), ${NOT_FOLLOWED}`));
    monitor.registerStackTransform = refuse("stack transforms");
    monitor.registerStackInvokeTransform = refuse("stack invoke transforms");
}

function aliasOf(alias: any): AliasSpec {
    if (alias.hasUrn()) {
        return { urn: alias.getUrn() };
    }
    const spec = alias.getSpec();
    return {
        name: spec.getName(),
        type: spec.getType(),
        stack: spec.getStack(),
        project: spec.getProject(),
        parentUrn: spec.getParenturn(),
        noParent: spec.getNoparent(),
    };
}

function propertyDependenciesOf(map: any): Record<string, string[]> {
    const dependencies: Record<string, string[]> = {};
    map.forEach((urns: any, key: string) => (dependencies[key] = urns.getUrnsList()));
    return dependencies;
}

function customTimeoutsOf(timeouts: any): RegistrationRequest["customTimeouts"] {
    return timeouts ? { create: timeouts.getCreate(), update: timeouts.getUpdate(), delete: timeouts.getDelete() } : undefined;
}

function loadProgram(): unknown {
    if (args.entry.endsWith(".ts") || isTypeScriptFolder(args.entry)) {
        // As pulumi's own language host does: transpile only, ES2015+ classes so that resource classes
        // can extend pulumi's.
        const tsNode = (() => {
            try {
                return fromProgram("ts-node");
            } catch {
                return require("ts-node");
            }
        })();
        const tsconfig = path.join(args.programDir, "tsconfig.json");
        tsNode.register({
            transpileOnly: true,
            project: tsconfig,
            skipProject: !fs.existsSync(tsconfig),
            compilerOptions: { target: "es2020", module: "commonjs", moduleResolution: "node", sourceMap: true },
        });
    }
    const exported = require(args.entry);
    const main = exported?.__esModule && typeof exported.default === "function" ? exported.default : exported;
    return typeof main === "function" ? main() : main;
}

function isTypeScriptFolder(entry: string): boolean {
    return fs.existsSync(path.join(entry, "index.ts")) && !fs.existsSync(path.join(entry, "index.js"));
}

/** With --continue-on-error, the first unhandled error, reported when the program has finished. */
let deferredFailure: { error: unknown } | undefined;

function unhandled(error: unknown): void {
    if (args.continueOnError) {
        deferredFailure ??= { error };
        return;
    }
    void fail(error);
}

async function main(): Promise<void> {
    process.on("uncaughtException", unhandled);
    process.on("unhandledRejection", unhandled);
    // pulumi reads its config from the environment when it loads.
    process.channel?.ref();
    await configReceived;
    holdChannel();
    const pulumiPackage = require.resolve("@pulumi/pulumi/package.json", { paths: [args.programDir] });
    const pulumi = require(path.dirname(pulumiPackage));
    await pulumi.runtime.setMocks(
        {
            newResource: () => {
                throw new Error("the engine double serves every registration itself; this mock is never called");
            },
            call: (call: { token: string }) => {
                throw new Error(`invoke ${call.token} is not supported by the engine double`);
            },
        },
        args.project,
        args.stack,
        args.preview,
    );
    const monitor = fromProgram("@pulumi/pulumi/runtime/state").getStore().settings.monitor;
    forwardRegistrations(monitor, path.dirname(pulumiPackage));
    refuseStackTransforms(monitor);

    let stackResolved = false;
    let finishing = false;
    process.on("beforeExit", () => {
        if (finishing) {
            return;
        }
        finishing = true;
        void (async () => {
            if (!stackResolved) {
                await fail(new Error("the program stopped before its stack outputs resolved"));
            }
            await pulumi.runtime.waitForRPCs();
            if (deferredFailure) {
                await fail(deferredFailure.error);
            }
            process.channel?.ref();
            await send({ kind: "done" });
            process.exit(0);
        })();
    });
    await pulumi.runtime.runInPulumiStack(loadProgram);
    stackResolved = true;
}

main().catch(fail);
