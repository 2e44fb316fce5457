// The resource monitor answers what it supports as Go's does at pulumi/pulumi 1b5949891b3c, with `pulumi up`'s options
// (pkg/resource/deploy/source_eval.go resmon.supportsFeatureID, resmon.supportedMonitorFeatures): asked over gRPC, as
// the SDK asks it.
import { strict as assert } from "assert";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as resrpc from "@pulumi/pulumi/proto/resource_grpc_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { ResourceMonitor } from "../host/resource-monitor";
import { ResourceHooks } from "../steps/resource-hooks";

/** supportsFeatureID's switch, transcribed: every case answers true (DisableResourceReferences, DisableOutputValues unset). */
const GO_SUPPORTED_IDS = [
    "secrets",
    "resourceReferences",
    "outputValues",
    "aliasSpecs",
    "replacementTrigger",
    "deletedWith",
    "replaceWith",
    "transforms",
    "invokeTransforms",
    "parameterization",
    "resourceHooks",
    "errorHooks",
    "sendsOptionsToHooks",
];
/** Ids the switch has no case for, which it answers false: older names, other spellings, the empty id. */
const GO_UNSUPPORTED_IDS = [
    "",
    "stateMigrations",
    "byteString",
    "invokeDependsOn",
    "Secrets",
    "hooks",
    "unknownFeature",
];
/** supportedMonitorFeatures, transcribed: the switch's features in its order, no STATE_MIGRATIONS, then the three always listed. */
const GO_MONITOR_FEATURES = [
    "RESOURCE_MONITOR_FEATURE_SECRETS",
    "RESOURCE_MONITOR_FEATURE_RESOURCE_REFERENCES",
    "RESOURCE_MONITOR_FEATURE_OUTPUT_VALUES",
    "RESOURCE_MONITOR_FEATURE_ALIAS_SPECS",
    "RESOURCE_MONITOR_FEATURE_REPLACEMENT_TRIGGER",
    "RESOURCE_MONITOR_FEATURE_DELETED_WITH",
    "RESOURCE_MONITOR_FEATURE_REPLACE_WITH",
    "RESOURCE_MONITOR_FEATURE_TRANSFORMS",
    "RESOURCE_MONITOR_FEATURE_INVOKE_TRANSFORMS",
    "RESOURCE_MONITOR_FEATURE_PARAMETERIZATION",
    "RESOURCE_MONITOR_FEATURE_RESOURCE_HOOKS",
    "RESOURCE_MONITOR_FEATURE_ERROR_HOOKS",
    "RESOURCE_MONITOR_FEATURE_SENDS_OPTIONS_TO_HOOKS",
    "RESOURCE_MONITOR_FEATURE_BYTE_STRING",
    "RESOURCE_MONITOR_FEATURE_INVOKE_DEPENDS_ON",
    "RESOURCE_MONITOR_FEATURE_INVOKE_PARENT",
];

const NO_DEPLOYMENT = {
    register: () => Promise.reject(new Error("this test registers nothing")),
    registerOutputs: async () => undefined,
    hooks: new ResourceHooks(true, () => undefined),
};

describe("engine double: the resource monitor's features", () => {
    let monitor: ResourceMonitor;
    let client: resrpc.ResourceMonitorClient;

    before(async () => {
        const info = {
            project: "p",
            stack: "s",
            organization: "organization",
            config: { "p:k": "v" },
            configSecretKeys: [],
            dryRun: true,
            parallel: 4,
            providerRef: "",
            continueOnError: false,
            projectRoot: "/",
        };
        monitor = await ResourceMonitor.start(info, NO_DEPLOYMENT, () => undefined);
        client = new resrpc.ResourceMonitorClient(monitor.address, grpc.credentials.createInsecure());
    });

    after(async () => {
        client.close();
        await monitor.stop();
    });

    function supports(id: string): Promise<boolean> {
        const request = new resproto.SupportsFeatureRequest().setId(id);
        return new Promise((resolve, reject) =>
            client.supportsFeature(request, (error, response) =>
                error ? reject(error) : resolve(response.getHassupport()),
            ),
        );
    }

    it("SupportsFeature answers each id as supportsFeatureID does", async () => {
        const answers = Object.fromEntries(
            await Promise.all([...GO_SUPPORTED_IDS, ...GO_UNSUPPORTED_IDS].map(async (id) => [id, await supports(id)])),
        );
        const expected = Object.fromEntries([
            ...GO_SUPPORTED_IDS.map((id) => [id, true]),
            ...GO_UNSUPPORTED_IDS.map((id) => [id, false]),
        ]);
        assert.deepEqual(answers, expected);
    });

    it("GetDeploymentInfo lists the features supportedMonitorFeatures lists, in its order, with the deployment's facts", async () => {
        const info = await new Promise<resproto.DeploymentInfo>((resolve, reject) =>
            client.getDeploymentInfo(new Empty(), (error, response) => (error ? reject(error) : resolve(response))),
        );
        const names = Object.fromEntries(
            Object.entries(resproto.ResourceMonitorFeature).map(([name, value]) => [value, name]),
        );
        assert.deepEqual(
            info.getSupportedfeaturesList().map((feature) => names[feature]),
            GO_MONITOR_FEATURES,
        );
        assert.deepEqual(
            [info.getProject(), info.getStack(), info.getOrganization(), info.getDryrun(), info.getParallel()],
            ["p", "s", "organization", true, 4],
        );
        assert.deepEqual(Object.fromEntries(info.getConfigMap().entries()), { "p:k": "v" });
    });
});
