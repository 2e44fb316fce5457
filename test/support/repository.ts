// Where this repository is, and the package built from it, whether the tests run compiled (dist/test/support)
// or from their sources (test/support under ts-node).
import {
    copyFileSync,
    chmodSync,
    existsSync,
    mkdirSync,
    mkdtempSync,
    readFileSync,
    rmSync,
    symlinkSync,
    writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { mustRun } from "./commands";

export const PACKAGE_NAME = "pulumi-shortener";

function findRepositoryRoot(from: string): string {
    for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
        const manifest = join(dir, "package.json");
        if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === PACKAGE_NAME) return dir;
    }
    throw new Error(`no package.json of ${PACKAGE_NAME} above ${from}`);
}

export const REPOSITORY_ROOT = findRepositoryRoot(__dirname);

export interface PackageManifest {
    name: string;
    version: string;
    main: string;
    types: string;
    bin: Record<string, string>;
    exports: Record<string, string | Record<string, string>>;
    files: string[];
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    scripts: Record<string, string>;
    engines?: { node?: string };
    homepage?: string;
}

export function readManifest(dir = REPOSITORY_ROOT): PackageManifest {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageManifest;
}

export interface PackedTarball {
    path: string;
    /** Paths inside the package, relative to its root. */
    files: string[];
}

/**
 * `npm pack` of the repository as it is built now (dist/ from `npm run build`, which `npm test` runs first).
 * Lifecycle scripts are skipped: prepack would rebuild dist/ under the tests that are running from it.
 */
export async function packTarball(destination: string): Promise<PackedTarball> {
    const { stdout } = await mustRun("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination], {
        cwd: REPOSITORY_ROOT,
    });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    return { path: join(destination, packed.filename), files: packed.files.map((file) => file.path) };
}

/**
 * A git repository in `destination` holding this repository's files as the working tree has them (tracked, and
 * untracked ones git does not ignore), committed: what a fresh clone gets once the work is committed. No build
 * output, no node_modules. Returns the `git+file://` URL npm installs it from.
 */
export async function committedCopy(destination: string): Promise<string> {
    const { stdout } = await mustRun("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
        cwd: REPOSITORY_ROOT,
    });
    const files = stdout.split("\0").filter((file) => file !== "" && existsSync(join(REPOSITORY_ROOT, file)));
    for (const file of files) {
        mkdirSync(dirname(join(destination, file)), { recursive: true });
        copyFileSync(join(REPOSITORY_ROOT, file), join(destination, file));
    }
    const git = (...args: string[]) =>
        mustRun("git", ["-c", "user.name=test", "-c", "user.email=test@example.invalid", ...args], {
            cwd: destination,
        });
    await git("init", "--quiet", "--initial-branch=main");
    await git("add", "--all");
    await git("commit", "--quiet", "--no-verify", "-m", "snapshot");
    return `git+file://${destination}#main`;
}

/** A fresh directory outside the repository, so nothing in it can resolve modules from the repository. */
export function freshTempDir(prefix: string): string {
    return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

export function removeDir(dir: string | undefined): void {
    if (dir) rmSync(dir, { recursive: true, force: true });
}

export function writeFiles(dir: string, files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
    }
}

/**
 * A project directory whose node_modules links this repository as the package, and the repository's own
 * @pulumi/pulumi and any other `packages` named, the way `npm link` would: no install, the package as built in dist/,
 * its bins in node_modules/.bin for `npx` to find there.
 */
export function linkedProject(prefix: string, files: Record<string, string>, packages: readonly string[] = []): string {
    const dir = freshTempDir(prefix);
    writeFiles(dir, files);
    const linkPackage = (name: string, target: string) => {
        mkdirSync(dirname(join(dir, "node_modules", name)), { recursive: true });
        symlinkSync(target, join(dir, "node_modules", name), "dir");
    };
    linkPackage(PACKAGE_NAME, REPOSITORY_ROOT);
    for (const name of ["@pulumi/pulumi", ...packages]) linkPackage(name, join(REPOSITORY_ROOT, "node_modules", name));
    const bins = join(dir, "node_modules", ".bin");
    mkdirSync(bins, { recursive: true });
    for (const [bin, path] of Object.entries(readManifest().bin)) {
        writeFileSync(join(bins, bin), `#!/bin/sh\nexec node ${JSON.stringify(join(REPOSITORY_ROOT, path))} "$@"\n`);
        chmodSync(join(bins, bin), 0o755);
    }
    return dir;
}

/**
 * A Pulumi TypeScript project as a user makes one, outside the repository: the package from `packageSpec` (a
 * tarball's path, a git URL), the same @pulumi/pulumi, TypeScript and Node types as the repository, `index.ts`
 * type-checked strictly by `tsc -p .`, and any other files given.
 */
export function writeUserProject(dir: string, packageSpec: string, files: Record<string, string>): void {
    const repository = readManifest();
    writeFiles(dir, {
        "package.json": JSON.stringify(
            {
                name: "shortener-user-project",
                private: true,
                main: "index.ts",
                dependencies: {
                    [PACKAGE_NAME]: packageSpec,
                    "@pulumi/pulumi": repository.dependencies["@pulumi/pulumi"],
                },
                devDependencies: {
                    typescript: repository.devDependencies.typescript,
                    "@types/node": repository.devDependencies["@types/node"],
                },
            },
            null,
            2,
        ),
        "Pulumi.yaml": "name: shortener-user-project\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
        "tsconfig.json": JSON.stringify({
            compilerOptions: {
                strict: true,
                target: "es2020",
                module: "commonjs",
                moduleResolution: "node",
                esModuleInterop: true,
                noEmit: true,
            },
            files: ["index.ts"],
        }),
        ...files,
    });
}
