// `npm run sdk`: writes sdk/nodejs, sdk/python and sdk/go from the plugin's schema through the pinned Pulumi CLI
// (generate.ts). `-- --schema <file>` takes the schema from a file instead of the plugin. Every SDK is generated into
// a temporary folder first, so a failure leaves the committed ones as they were.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ensurePulumiCli } from "../pulumi/install";
import { generateSdks, pluginSchema, replaceSdks, SDK_DIR, SDK_LANGUAGES } from "./generate";

async function main(): Promise<void> {
    const { values } = parseArgs({ options: { schema: { type: "string" } }, strict: true });
    const cli = await ensurePulumiCli();
    const work = mkdtempSync(join(tmpdir(), "shortener-sdk-"));
    try {
        const schema = values.schema ? resolve(values.schema) : await pluginSchema(cli, work);
        await generateSdks(cli, schema, join(work, "sdk"));
        replaceSdks(join(work, "sdk"));
    } finally {
        rmSync(work, { recursive: true, force: true });
    }
    console.log(`sdk: wrote ${SDK_LANGUAGES.map((language) => join(SDK_DIR, language)).join(", ")}`);
}

main().catch((error: unknown) => {
    console.error(`sdk: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
});
