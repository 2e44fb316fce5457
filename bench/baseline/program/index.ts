// The bench's program for the baseline provider: config "resources" (or the file "resourcesFile" names) is the same
// JSON array of { kind, name, args } that the provider's declared-resources program reads, read the same way, so both
// manage the same objects.
import * as pulumi from "@pulumi/pulumi";
import { readDeclared } from "../../../test/fixtures/programs/declared/declared-resources";
import { BASELINE_KINDS, BaselineResource } from "../provider";

const declared = readDeclared(new pulumi.Config(), Object.keys(BASELINE_KINDS));
const created = declared.map(
    (resource) => [resource.name, new BaselineResource(resource.kind, resource.name, resource.args)] as const,
);

export const ids = Object.fromEntries(created.map(([name, resource]) => [name, resource.id]));
