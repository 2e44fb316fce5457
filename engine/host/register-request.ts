// What the resource monitor makes of a RegisterResourceRequest before the step generator sees it, as Go's
// resmon.RegisterResource does (pkg/resource/deploy/source_eval.go): the options as a TransformResourceOptions, the
// properties as output values, the transforms run in order (the resource's own, its ancestors', the stack's), then the
// goal built from what they left.
import * as grpc from "@grpc/grpc-js";
import * as aliasproto from "@pulumi/pulumi/proto/alias_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { PropertyMap, containsAsset } from "../values/property-values";
import {
    downgradeOutputValue,
    downgradeOutputValues,
    outputDependencies,
    upgradeToOutputValues,
    withPropertyDependencies,
} from "../values/output-values";
import { ResourceTransform } from "./callbacks";
import { bindingsOf } from "../steps/resource-hooks";
import { fromStruct } from "./structs";
import { statusError } from "./status-error";
import { AliasSpec, RegistrationRequest } from "./protocol";

const NOT_FOLLOWED = "which the engine double does not follow; remove it, or run the program under the Pulumi CLI";

/** An option the double does not follow: the registration fails naming it, rather than going on with another plan than Go's. */
export class RefusedOption extends Error {}

/** The options as RegisterResource passes them to transforms (`opts := &pulumirpc.TransformResourceOptions{...}`). */
export function transformOptionsOf(req: resproto.RegisterResourceRequest): resproto.TransformResourceOptions {
    const options = new resproto.TransformResourceOptions()
        .setImport(req.getImportid())
        .setDependsOnList(req.getDependenciesList())
        .setIgnoreChangesList(req.getIgnorechangesList())
        .setReplaceOnChangesList(req.getReplaceonchangesList())
        .setVersion(req.getVersion())
        .setAliasesList(aliasesOf(req))
        .setProvider(req.getProvider())
        .setHideDiffList(req.getHidediffsList())
        .setPluginDownloadUrl(req.getPlugindownloadurl())
        .setDeletedWith(req.getDeletedwith())
        .setReplaceWithList(req.getReplaceWithList())
        .setAdditionalSecretOutputsList(req.getAdditionalsecretoutputsList())
        .setCustomTimeouts(req.getCustomtimeouts())
        .setHooks(req.getHooks());
    if (req.hasProtect()) options.setProtect(req.getProtect() as boolean);
    if (req.hasRetainondelete()) options.setRetainOnDelete(req.getRetainondelete() as boolean);
    if (req.hasReplacementTrigger()) options.setReplacementTrigger(req.getReplacementTrigger());
    // The Go SDK does not set DeleteBeforeReplaceDefined, so a true value counts as given too.
    if (req.getDeletebeforereplacedefined() || req.getDeletebeforereplace())
        options.setDeleteBeforeReplace(req.getDeletebeforereplace());
    for (const [name, ref] of req.getProvidersMap().entries()) options.getProvidersMap().set(name, ref);
    return options;
}

/** The alias URNs first, then the aliases (the SDK says its specs are properly specified: aliasSpecs). */
function aliasesOf(req: resproto.RegisterResourceRequest) {
    return [...req.getAliasurnsList().map((urn) => new aliasproto.Alias().setUrn(urn)), ...req.getAliasesList()];
}

/**
 * The per-property dependencies: as the request gives them, or, when it gives none, every property depending on every
 * dependency (a custom resource's SDK that does not send them).
 */
function propertyDependenciesOf(req: resproto.RegisterResourceRequest, props: PropertyMap): Map<string, Set<string>> {
    const given = req.getPropertydependenciesMap();
    if (given.getLength() === 0 && !req.getRemote()) {
        return new Map(Object.keys(props).map((key) => [key, new Set(req.getDependenciesList())]));
    }
    return new Map([...given.entries()].map(([key, deps]) => [key, new Set(deps.getUrnsList())]));
}

/** Runs the transforms, then makes the goal the deployment registers. */
export async function registrationOf(
    req: resproto.RegisterResourceRequest,
    transforms: readonly ResourceTransform[],
): Promise<RegistrationRequest> {
    let props = upgradeToOutputValues(fromStruct(req.getObject()));
    let propertyDependencies = propertyDependenciesOf(req, props);
    const ownTransforms = req.getTransformsList().length > 0;
    if (ownTransforms) props = withPropertyDependencies(props, propertyDependencies);
    let options = transformOptionsOf(req);
    const target = { name: req.getName(), type: req.getType(), custom: req.getCustom(), parent: req.getParent() };
    for (const transform of transforms) {
        ({ props, options } = await transform(target, props, options));
    }
    refuseUnfollowed(req.getType(), req.getName(), req.getRemote(), options);
    let dependencies = new Set(req.getDependenciesList());
    // Go reads the dependencies again only when the resource has transforms of its own, not for stack transforms alone.
    if (ownTransforms) {
        dependencies = new Set(options.getDependsOnList());
        propertyDependencies = new Map(Object.entries(props).map(([key, value]) => [key, outputDependencies(value)]));
        for (const deps of propertyDependencies.values()) deps.forEach((urn) => dependencies.add(urn));
    } else {
        for (const [key, value] of Object.entries(props)) {
            propertyDependencies.set(key, outputDependencies(value, propertyDependencies.get(key) ?? new Set()));
        }
    }
    const object = downgradeOutputValues(props);
    refuseAssets(req.getType(), req.getName(), object);
    return goalOf(req, object, options, [...dependencies], propertyDependencies);
}

/** The engine hashes each asset and archive of the inputs as it reads them, after the transforms; the double does not. */
function refuseAssets(type: string, name: string, object: PropertyMap): void {
    if (Object.values(object).some(containsAsset)) {
        const hashing =
            "assets and archives among the inputs get their hashes as the engine reads the registration (pkg/resource/deploy/source_eval.go RegisterResource: plugin.MarshalOptions ComputeAssetHashes)";
        throw new RefusedOption(`${type} ${name}: ${hashing}, ${NOT_FOLLOWED}`);
    }
}

function goalOf(
    req: resproto.RegisterResourceRequest,
    object: PropertyMap,
    options: resproto.TransformResourceOptions,
    dependencies: string[],
    propertyDependencies: Map<string, Set<string>>,
): RegistrationRequest {
    const timeouts = options.getCustomTimeouts();
    return {
        type: req.getType(),
        name: req.getName(),
        custom: req.getCustom(),
        parent: req.getParent(),
        object,
        dependencies,
        propertyDependencies: Object.fromEntries([...propertyDependencies].map(([key, deps]) => [key, [...deps]])),
        additionalSecretOutputs: options.getAdditionalSecretOutputsList(),
        ignoreChanges: options.getIgnoreChangesList(),
        replaceOnChanges: options.getReplaceOnChangesList(),
        protect: options.hasProtect() ? options.getProtect() : undefined,
        retainOnDelete: options.hasRetainOnDelete() ? options.getRetainOnDelete() : undefined,
        deletedWith: options.getDeletedWith(),
        replaceWith: options.getReplaceWithList(),
        importId: options.getImport(),
        aliases: options.getAliasesList().map(aliasOf),
        customTimeouts: timeouts
            ? {
                  create: timeouts.getCreate(),
                  update: timeouts.getUpdate(),
                  delete: timeouts.getDelete(),
                  read: timeouts.getRead(),
              }
            : undefined,
        deleteBeforeReplace: options.hasDeleteBeforeReplace() ? options.getDeleteBeforeReplace() : undefined,
        replacementTrigger: replacementTriggerOf(options),
        hooks: bindingsOf(options.getHooks()),
    };
}

/**
 * The replacementTrigger option as RegisterResource unmarshals it (secrets, unknowns and outputs kept), its outputs
 * made their values as the state keeps it (stack/deployment.go SerializePropertyValue); null is no trigger.
 */
function replacementTriggerOf(options: resproto.TransformResourceOptions): unknown {
    const trigger = options.getReplacementTrigger()?.toJavaScript();
    return trigger === null ? undefined : downgradeOutputValue(trigger);
}

/** RegisterResource's parse of each alias (the options as the transforms left them): a malformed URN fails it. */
function aliasOf(alias: aliasproto.Alias): AliasSpec {
    const spec = alias.getSpec();
    if (!spec) {
        return { urn: parsedUrn(alias.getUrn(), "alias URN") };
    }
    return {
        name: spec.getName(),
        type: spec.getType(),
        stack: spec.getStack(),
        project: spec.getProject(),
        // ParseOptionalURN: SDKs send an empty parent URN for the resource's own parent.
        parentUrn: spec.getParenturn() === "" ? "" : parsedUrn(spec.getParenturn(), "parent alias URN"),
        noParent: spec.getNoparent(),
    };
}

/** resource.ParseURN (urn.go Parse, IsValid): the URN prefix and at least three "::", else InvalidArgument naming it. */
function parsedUrn(urn: string, what: string): string {
    const problem =
        urn === ""
            ? "missing required URN"
            : !urn.startsWith("urn:pulumi:") || urn.split("::").length < 4
              ? `invalid URN ${JSON.stringify(urn)}`
              : undefined;
    if (problem) {
        throw statusError(grpc.status.INVALID_ARGUMENT, `invalid ${what}: ${problem}`);
    }
    return urn;
}

/** The options the step generator would act on and the double does not, named with the Go code that acts on them. */
function refuseUnfollowed(
    type: string,
    name: string,
    remote: boolean,
    options: resproto.TransformResourceOptions,
): void {
    refuseBuiltin(type, name);
    const refused = unfollowedOption(remote, options);
    if (refused) {
        throw new RefusedOption(`${type} ${name}: ${refused}, ${NOT_FOLLOWED}`);
    }
}

/** deploy/builtins.go builtinProvider: the engine's own resources, which the double does not provide. */
const BUILTIN_RESOURCES: Record<string, string> = {
    "pulumi:pulumi:StackReference":
        "a StackReference reads another stack's outputs through the backend (pkg/resource/deploy/builtins.go builtinProvider Read, GetStackOutputs)",
    "pulumi:index:Stash":
        "a Stash keeps its input as its output in the state (pkg/resource/deploy/builtins.go builtinProvider Create, Update)",
};

/** A registration or read of one of the engine's builtin resources is refused, naming the Go code that provides it. */
export function refuseBuiltin(type: string, name: string): void {
    const builtin = BUILTIN_RESOURCES[type];
    if (builtin) {
        throw new RefusedOption(`${type} ${name}: ${builtin}, ${NOT_FOLLOWED}`);
    }
}

function unfollowedOption(remote: boolean, options: resproto.TransformResourceOptions): string | undefined {
    if (remote) {
        return "a remote component is constructed by its provider's Construct (pkg/resource/deploy/source_eval.go RegisterResource)";
    }
    if (options.getHideDiffList().length > 0) {
        return "the hideDiffs option hides those paths' changes from the display (pkg/backend/display)";
    }
    return undefined;
}
