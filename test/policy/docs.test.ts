// docs/policy.md holds: its table of rules is the pack's (policy/rules), its settings file is one the CLI and the pack
// take, its list of published aliases comes out of a real stack's export, and its rule of one's own, compiled, runs
// beside the shipped pack and says what the page says. (The quoted violations and refused settings are held by
// pack.test.ts, which runs them.)
import { strict as assert } from "node:assert";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { ruleDefinitions } from "../../policy/rules";
import { DEFAULT_STACK, stackFolder } from "../support/pulumi";
import { freshTempDir, removeDir, REPOSITORY_ROOT } from "../support/repository";
import { runInShell } from "../package/workflow-shell";
import { PACK_IN_PROJECT, POLICY_STACK_ENV, shownViolations, usePolicyStack } from "./policy-stack";

const PAGE = readFileSync(join(REPOSITORY_ROOT, "docs", "policy.md"), "utf8");
const EXAMPLE_DIR = join(REPOSITORY_ROOT, "examples", "shortener-stack");

/** The page's fenced blocks of a language, in order. */
function blocks(language: string): string[] {
    return [...PAGE.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((match) => match[1]);
}

/** The rows of the page's table whose header starts with `first`, as cells. */
function tableRows(first: string): string[][] {
    const lines = PAGE.split("\n");
    const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
    const rows = [];
    for (let index = start + 2; lines[index]?.startsWith("|"); index++)
        rows.push(lines[index].split(" | ").map((cell) => cell.replace(/^\| |\s*\|$/g, "")));
    return rows;
}

const settings = (schema: Record<string, { default?: unknown }>) =>
    Object.keys(schema).length === 0
        ? "none"
        : Object.entries(schema)
              .map(
                  ([key, value]) =>
                      `\`${key}\` (${"default" in value ? `\`${JSON.stringify(value.default)}\`` : "none"})`,
              )
              .join(", ");

describe("docs/policy.md", function () {
    this.timeout(300_000);
    const { run, stateFile } = usePolicyStack();

    it("lists the pack's rules as the pack defines them: name, default level, kinds and settings", () => {
        const documented = tableRows("rule").map(([rule, level, reads, configured]) => [
            rule,
            level,
            reads,
            configured,
        ]);
        const defined = ruleDefinitions().map((rule) => [
            `\`${rule.name}\``,
            rule.enforcementLevel,
            rule.kinds.join(", "),
            settings(rule.config),
        ]);
        assert.deepEqual(documented, defined);
    });

    it("names the pack's version, which the CLI prints beside each violation, as the package's", () => {
        const manifest = (dir: string) =>
            JSON.parse(readFileSync(join(REPOSITORY_ROOT, dir, "package.json"), "utf8")) as { version: string };
        assert.equal(manifest("policy").version, manifest(".").version);
    });

    it("gives a settings file the CLI and the pack take, and lists published aliases from a deployed stack", async () => {
        const [packConfig] = blocks("json");
        const up = await run("up", { dir: EXAMPLE_DIR }, { packConfig: JSON.parse(packConfig), stateName: "docs" });
        assert.ok(up.ok, up.log);
        assert.deepEqual(
            shownViolations(up).map((line) => line.split(":")[0]),
            ["advisory link-expiry autumn-lookbook"],
            "the example's one expiry past 365 days, as advice",
        );
        // The block's line that lists them (the line before it puts the pinned CLI on PATH, which runInShell does).
        const exportCommand = blocks("sh")
            .flatMap((block) => block.split("\n"))
            .find((line) => line.startsWith("pulumi stack export"));
        const folder = stackFolder(stateFile("docs"), EXAMPLE_DIR, DEFAULT_STACK, POLICY_STACK_ENV);
        // The stack a user has selected.
        const script = `pulumi stack select ${DEFAULT_STACK} && ${exportCommand}`;
        const listed = await runInShell(script, { cwd: folder.project, env: folder.env });
        assert.equal(listed.code, 0, listed.stderr);
        const retired = JSON.parse(listed.stdout) as { alias: string; url: string; domain?: string }[];
        assert.deepEqual(
            retired.filter((entry) => entry.domain).sort((a, b) => a.alias.localeCompare(b.alias)),
            [
                { alias: "autumn", url: "https://www.example.com/autumn", domain: "https://go.example.com" },
                { alias: "lookbook", url: "https://www.example.com/autumn/lookbook", domain: "https://go.example.com" },
                {
                    alias: "recipes",
                    url: "https://www.example.com/blog/autumn-recipes",
                    domain: "https://go.example.com",
                },
            ],
        );
        assert.equal(retired.length, 4, "and the press preview, on the service's default domain");
        const destroy = await run("destroy", { dir: EXAMPLE_DIR }, { stateName: "docs" });
        assert.ok(destroy.ok, destroy.log);
    });

    it("has a rule of one's own that, compiled, runs beside the shipped pack and says what the page says", async () => {
        const pack = freshTempDir("team-rules");
        try {
            const [yaml] = blocks("yaml");
            const [source] = blocks("ts");
            writeFileSync(join(pack, "PulumiPolicy.yaml"), yaml);
            writeFileSync(join(pack, "package.json"), JSON.stringify({ name: "team-rules", version: "1.0.0" }));
            const compiled = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS } });
            writeFileSync(join(pack, "index.js"), compiled.outputText);
            mkdirSync(join(pack, "node_modules", "@pulumi"), { recursive: true });
            for (const name of ["@pulumi/policy", "@pulumi/pulumi"])
                symlinkSync(join(REPOSITORY_ROOT, "node_modules", name), join(pack, "node_modules", name), "dir");
            const resources = [
                { kind: "Link", name: "untitled", args: { url: "https://www.example.com/a" } },
                { kind: "Link", name: "titled", args: { url: "https://www.example.com/b", title: "B" } },
            ];
            const preview = await run("preview", { resources }, { packs: [PACK_IN_PROJECT, pack] });
            assert.ok(preview.ok, preview.log);
            assert.deepEqual(shownViolations(preview), [
                'advisory links-have-titles untitled: Link "untitled": title: none declared. Fix: declare a title.',
            ]);
        } finally {
            removeDir(pack);
        }
    });
});
