// What the Pulumi CLI reads beside a program: the project file (name, main) and the stack's config,
// merged with config given on the command line. Keys are namespaced as the CLI does ("project:key").
import * as fs from "fs";
import * as path from "path";
import YAML from "yaml";
import { decryptConfigValue, keyOfEncryptionSalt } from "./config-secrets";

export interface Project {
    name: string;
    /** The folder of Pulumi.yaml, the project's root. */
    programDir: string;
    /** The project's `main` (relative to its root) when it gives one. */
    main?: string;
    runtimeOptions: RuntimeOptions;
    /** The runtime's options as Pulumi.yaml gives them, which the engine passes to providers (PULUMI_RUNTIME_*). */
    runtimeOptionValues: Record<string, unknown>;
}

/** The nodejs runtime's options that change how the program runs (pulumi-language-nodejs parseOptions). */
export interface RuntimeOptions {
    /** Defaults to true: the program is loaded through ts-node. */
    typescript: boolean;
    tsconfig?: string;
    nodeargs?: string;
}

export interface StackConfig {
    values: Record<string, string>;
    secretKeys: string[];
    warnings: string[];
}

export function readProject(programDir: string): Project {
    const projectFile = path.join(programDir, "Pulumi.yaml");
    if (!fs.existsSync(projectFile)) {
        throw new Error(`program ${programDir}: Pulumi.yaml is missing`);
    }
    const parsed = YAML.parse(fs.readFileSync(projectFile, "utf8")) as {
        name?: unknown;
        main?: unknown;
        runtime?: unknown;
    } | null;
    if (typeof parsed?.name !== "string" || parsed.name === "") {
        throw new Error(`${projectFile}: name is required`);
    }
    const main = typeof parsed.main === "string" && parsed.main !== "" ? parsed.main : undefined;
    return {
        name: parsed.name,
        programDir,
        ...(main !== undefined ? { main } : {}),
        ...runtimeOptionsOf(projectFile, parsed.runtime),
    };
}

/** parseOptions: each option of the right type or an error naming it; options that change only installs are ignored. */
function runtimeOptionsOf(
    projectFile: string,
    runtime: unknown,
): Pick<Project, "runtimeOptions" | "runtimeOptionValues"> {
    const given =
        typeof runtime === "object" && runtime !== null ? (runtime as { options?: unknown }).options : undefined;
    const options = (typeof given === "object" && given !== null ? given : {}) as Record<string, unknown>;
    const typed = <T>(name: string, type: string): T | undefined => {
        if (options[name] === undefined) return undefined;
        if (typeof options[name] !== type)
            throw new Error(`${projectFile}: ${name} option must be a ${type === "boolean" ? "boolean" : "string"}`);
        return options[name] as T;
    };
    const tsconfig = typed<string>("tsconfig", "string");
    const nodeargs = typed<string>("nodeargs", "string");
    const runtimeOptions = {
        typescript: typed<boolean>("typescript", "boolean") ?? true,
        ...(tsconfig !== undefined ? { tsconfig } : {}),
        ...(nodeargs !== undefined ? { nodeargs } : {}),
    };
    return { runtimeOptions, runtimeOptionValues: options };
}

/**
 * The program runs with the @pulumi/pulumi of its own folder, as under the real CLI: a folder where it is not
 * installed gets a hint instead of the program's "Cannot find module" stack trace.
 */
export function checkProgramInstalled(project: Project): void {
    try {
        require.resolve("@pulumi/pulumi/package.json", { paths: [project.programDir] });
    } catch {
        throw new Error(
            `program ${project.programDir}: @pulumi/pulumi is not installed there; run npm install in that folder first`,
        );
    }
}

export function resolveStackConfig(
    project: Project,
    stack: string,
    given: { config?: Record<string, string>; secretConfig?: Record<string, string> },
    passphrase: string,
): StackConfig {
    const fromFile = readStackFile(project, stack, passphrase);
    const values: Record<string, string> = { ...fromFile.values };
    const secretKeys = new Set<string>(fromFile.secretKeys);
    for (const [key, value] of Object.entries(given.config ?? {})) {
        values[namespaced(project.name, key)] = value;
    }
    for (const [key, value] of Object.entries(given.secretConfig ?? {})) {
        const fullKey = namespaced(project.name, key);
        values[fullKey] = value;
        secretKeys.add(fullKey);
    }
    return { values, secretKeys: [...secretKeys], warnings: fromFile.warnings };
}

/**
 * The stack's config file. A secure value is decrypted with the passphrase the file's `encryptionsalt` checks
 * (config-secrets.ts); without an encryptionsalt it belongs to another secrets provider, which is not available here.
 */
function readStackFile(project: Project, stack: string, passphrase: string): StackConfig {
    const stackFile = path.join(project.programDir, `Pulumi.${stack}.yaml`);
    const config: StackConfig = { values: {}, secretKeys: [], warnings: [] };
    if (!fs.existsSync(stackFile)) {
        return config;
    }
    const parsed = YAML.parse(fs.readFileSync(stackFile, "utf8")) as {
        config?: Record<string, unknown>;
        encryptionsalt?: unknown;
    } | null;
    let key: Buffer | undefined;
    for (const [name, value] of Object.entries(parsed?.config ?? {})) {
        const fullKey = namespaced(project.name, name);
        if (typeof value === "object" && value !== null && "secure" in value) {
            if (typeof parsed?.encryptionsalt !== "string") {
                config.warnings.push(
                    `${stackFile}: ${fullKey} is a secure value of another secrets provider; give it with --secret-config instead`,
                );
                continue;
            }
            key ??= keyOfEncryptionSalt(passphrase, parsed.encryptionsalt);
            config.values[fullKey] = decryptConfigValue(key, fullKey, String(value.secure));
            config.secretKeys.push(fullKey);
        } else {
            config.values[fullKey] = typeof value === "string" ? value : JSON.stringify(value);
        }
    }
    return config;
}

function namespaced(projectName: string, key: string): string {
    return key.includes(":") ? key : `${projectName}:${key}`;
}
