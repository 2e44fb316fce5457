// What the resource monitor says it supports, as Go's does with its default options (pkg/resource/deploy/source_eval.go:
// resmon.supportsFeatureID and resmon.supportedMonitorFeatures; `pulumi up` leaves DisableResourceReferences,
// DisableOutputValues and SupportsStateMigrations unset, pkg/engine/update.go).
import * as resproto from "@pulumi/pulumi/proto/resource_pb";

const Feature = resproto.ResourceMonitorFeature;

/** supportsFeatureID's switch, in its order: each id with the feature GetDeploymentInfo lists for it. */
const LEGACY_FEATURES: readonly (readonly [string, resproto.ResourceMonitorFeature])[] = [
    ["secrets", Feature.RESOURCE_MONITOR_FEATURE_SECRETS],
    ["resourceReferences", Feature.RESOURCE_MONITOR_FEATURE_RESOURCE_REFERENCES],
    ["outputValues", Feature.RESOURCE_MONITOR_FEATURE_OUTPUT_VALUES],
    ["aliasSpecs", Feature.RESOURCE_MONITOR_FEATURE_ALIAS_SPECS],
    ["replacementTrigger", Feature.RESOURCE_MONITOR_FEATURE_REPLACEMENT_TRIGGER],
    ["deletedWith", Feature.RESOURCE_MONITOR_FEATURE_DELETED_WITH],
    ["replaceWith", Feature.RESOURCE_MONITOR_FEATURE_REPLACE_WITH],
    ["transforms", Feature.RESOURCE_MONITOR_FEATURE_TRANSFORMS],
    ["invokeTransforms", Feature.RESOURCE_MONITOR_FEATURE_INVOKE_TRANSFORMS],
    ["parameterization", Feature.RESOURCE_MONITOR_FEATURE_PARAMETERIZATION],
    ["resourceHooks", Feature.RESOURCE_MONITOR_FEATURE_RESOURCE_HOOKS],
    ["errorHooks", Feature.RESOURCE_MONITOR_FEATURE_ERROR_HOOKS],
    ["sendsOptionsToHooks", Feature.RESOURCE_MONITOR_FEATURE_SENDS_OPTIONS_TO_HOOKS],
];

/** SupportsFeature: every id of the switch is supported; any other id is not. */
export function supportsFeature(id: string): boolean {
    return LEGACY_FEATURES.some(([known]) => known === id);
}

/** GetDeploymentInfo's SupportedFeatures: the switch's features, then those every monitor of this version has. */
export function supportedMonitorFeatures(): resproto.ResourceMonitorFeature[] {
    return [
        ...LEGACY_FEATURES.map(([, feature]) => feature),
        Feature.RESOURCE_MONITOR_FEATURE_BYTE_STRING,
        Feature.RESOURCE_MONITOR_FEATURE_INVOKE_DEPENDS_ON,
        Feature.RESOURCE_MONITOR_FEATURE_INVOKE_PARENT,
    ];
}
