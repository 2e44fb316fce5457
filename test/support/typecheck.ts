// Type-checks TypeScript files as a user's project would compile them against this package: in a project whose
// node_modules links the package (its "exports" and declarations resolved with Node16 resolution).
import { join } from "node:path";
import * as ts from "typescript";
import { linkedProject, removeDir, REPOSITORY_ROOT } from "./repository";

export interface TypeProblem {
    file: string;
    /** 0-based, in the file as given. */
    line: number;
    message: string;
}

/**
 * @param files file name -> TypeScript text
 * @param packages further packages of the repository's node_modules the files import (the package and
 *     @pulumi/pulumi are always there)
 */
export function typeCheck(files: Record<string, string>, packages: readonly string[] = []): TypeProblem[] {
    const project = linkedProject(
        "shortener-typecheck",
        { ...files, "package.json": '{ "name": "typecheck", "private": true }\n' },
        packages,
    );
    try {
        const program = ts.createProgram(
            Object.keys(files).map((file) => join(project, file)),
            {
                strict: true,
                noEmit: true,
                target: ts.ScriptTarget.ES2022,
                module: ts.ModuleKind.Node16,
                moduleResolution: ts.ModuleResolutionKind.Node16,
                esModuleInterop: true,
                skipLibCheck: true,
                types: ["node"],
                typeRoots: [join(REPOSITORY_ROOT, "node_modules", "@types")],
            },
        );
        return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
            const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
            if (!diagnostic.file || diagnostic.start === undefined) return { file: "(compiler)", line: 0, message };
            const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
            return { file: diagnostic.file.fileName.slice(project.length + 1), line, message };
        });
    } finally {
        removeDir(project);
    }
}
