// The plugin's package schema, read from the kinds' own declarations: each input's zod schema (with the description
// its field table gives it), each computed output's table, the kind's secrets, what replaces it, and the look-ups of
// data.ts. Nothing here states a fact of a kind: a field added, described or made secret in its table is so here too,
// and so in the SDKs and reference generated from this schema.
import { BOUNDS, SETTING_NAMES } from "../bounds";
import { CONFIG_KEYS, ENV_KEYS } from "../config";
import { READS, type Read } from "../data";
import { outputNames, type AnyKind } from "../resources/lifecycle";
import { definitions } from "../resources/registry";
import { PACKAGE_NAME, tokenOf } from "../resources/type-token";
import { packageVersion } from "../../common/package-version";
import { capitalised, isNullable, jsonOf, propertiesOf, typeOf, type NamedTypes, type PropertySpec } from "./types";

/** The package schema's resource: its inputs and outputs. */
interface ResourceSpec {
    description: string;
    inputProperties: Record<string, PropertySpec>;
    requiredInputs: string[];
    properties: Record<string, PropertySpec>;
    required: string[];
}

/** The package schema's function: an invoke. */
interface FunctionSpec {
    description: string;
    inputs?: { properties: Record<string, PropertySpec>; required: string[] };
    outputs: { properties: Record<string, PropertySpec>; required: string[] };
}

/** The schema `pulumi package get-schema` prints: the input of every SDK and of Pulumi YAML's type checks. */
export function packageSchema(): object {
    const types: NamedTypes = {};
    const resources = Object.fromEntries(
        Object.values(definitions).map((definition) => [tokenOf(definition.kind), resourceSpec(definition, types)]),
    );
    const config = configProperties();
    return {
        name: PACKAGE_NAME,
        displayName: "Link shortener",
        version: packageVersion(),
        description:
            "Short links, branded domains, campaigns, channels, tracking pixels and QR codes of a link-shortening " +
            "account as code, and MediaWiki query definitions checked as the wiki would.",
        keywords: ["pulumi", "shortener", "links", "category/utility", "kind/native"],
        license: "MIT",
        // supportPack: each SDK is a package of its own, with its version (the Go SDK a module, sdk/go/go.mod).
        meta: { moduleFormat: "(.*)", supportPack: true },
        config: { variables: config },
        provider: {
            description: "The account the resources act for: its base URL and API key, and the client's bounds.",
            inputProperties: config,
            properties: { baseUrl: config.baseUrl },
        },
        resources,
        functions: Object.fromEntries(
            Object.entries(READS).map(([name, read]) => [
                tokenOf(name),
                functionSpec(name, read as Read<unknown>, types),
            ]),
        ),
        types,
        language: {
            nodejs: { packageName: "@pulumi-shortener/shortener", packageDescription: "The shortener provider's SDK." },
            python: { packageName: "pulumi_shortener" },
            // The module pulumi-shortener/sdk/go, named after the repository as its Go tools are: no host serves it
            // (the repository is cloned, not fetched from a module proxy), so a program requires it with a replace
            // directive to its clone's sdk/go, and no module of someone else's can stand in for it.
            go: { importBasePath: "pulumi-shortener/sdk/go/shortener" },
        },
    };
}

/** A kind as a resource of the schema. Its outputs are its inputs but those read only on create, then what it computes. */
function resourceSpec(definition: AnyKind, types: NamedTypes): ResourceSpec {
    const token = tokenOf(definition.kind);
    const secret = new Set(definition.secretInputs ?? []);
    const replacing = new Set<string>(definition.replaceOn ?? []);
    const given = jsonOf(definition.inputs, "input");
    const inputProperties = marked(propertiesOf(given.properties ?? {}, token, types), secret, replacing);
    const computed = Object.entries(definition.computedFields ?? {}).map(([name, output]) => ({
        name,
        output,
        json: jsonOf(output.schema, "output"),
    }));
    const computedProperties = Object.fromEntries(
        computed.map(({ name, output, json }) => [
            name,
            { ...propertiesOf({ [name]: json }, token, types)[name], description: output.description },
        ]),
    );
    const outputs = outputNames(definition);
    const properties = Object.fromEntries(
        outputs.map((name) => [name, computedProperties[name] ?? inputProperties[name]]),
    );
    const requiredInputs = given.required ?? [];
    return {
        description: definition.description,
        inputProperties,
        requiredInputs,
        properties: marked(properties, secret, new Set()),
        required: [
            ...requiredInputs.filter((name) => outputs.includes(name)),
            ...computed
                .filter(({ output, json }) => !isNullable(json) && !output.schema.safeParse(undefined).success)
                .map(({ name }) => name),
        ],
    };
}

function marked(
    properties: Record<string, PropertySpec>,
    secret: ReadonlySet<string>,
    replacing: ReadonlySet<string>,
): Record<string, PropertySpec> {
    return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
            name,
            {
                ...property,
                ...(secret.has(name) ? { secret: true } : {}),
                ...(replacing.has(name) ? { replaceOnChanges: true } : {}),
            },
        ]),
    );
}

/** The config and the provider's inputs: the account and each bound a stack may set. */
function configProperties(): Record<string, PropertySpec> {
    const bounds = SETTING_NAMES.map((name): [string, PropertySpec] => [
        configName(BOUNDS[name].config),
        {
            type: "integer",
            description: `${BOUNDS[name].name}, in ${BOUNDS[name].unit}; default ${BOUNDS[name].default}. Also the ${BOUNDS[name].env} environment variable.`,
        },
    ]);
    return {
        baseUrl: {
            type: "string",
            description: `The service's base URL, e.g. \`https://short.example\`. Also the ${ENV_KEYS.baseUrl} environment variable (config \`${CONFIG_KEYS.baseUrl}\` first).`,
        },
        apiKey: {
            type: "string",
            secret: true,
            description: `The account's API key: set it with \`pulumi config set ${CONFIG_KEYS.apiKey} --secret\`. Also the ${ENV_KEYS.apiKey} environment variable.`,
        },
        ...Object.fromEntries(bounds),
    };
}

/** A config key's name within the package: `requestTimeoutMs` for `shortener:requestTimeoutMs`. */
export function configName(key: string): string {
    return key.slice(`${PACKAGE_NAME}:`.length);
}

function functionSpec(name: string, read: Read<unknown>, types: NamedTypes): FunctionSpec {
    const answer = typeOf(
        jsonOf(read.answer, "output"),
        tokenOf(`${capitalised(name)}${capitalised(read.result)}`),
        types,
    );
    const result: PropertySpec =
        read.result === "items"
            ? { type: "array", items: answer, description: "Each object as the service lists it." }
            : { ...answer, description: "As the service answers it." };
    return {
        description: read.description,
        ...(read.argument
            ? {
                  inputs: {
                      properties: {
                          [read.argument.name]: {
                              oneOf: [{ type: "integer" }, { type: "string" }],
                              description: `${capitalised(read.argument.noun)}.`,
                          },
                      },
                      required: [read.argument.name],
                  },
              }
            : {}),
        outputs: { properties: { [read.result]: result }, required: [read.result] },
    };
}

/** The schema as `pulumi package get-schema` prints it. */
export function schemaText(): string {
    return `${JSON.stringify(packageSchema(), null, 2)}\n`;
}
