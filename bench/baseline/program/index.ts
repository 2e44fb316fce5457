// The bench's program for the baseline provider: config "resources" is the same JSON array of { kind, name, args }
// that the provider's declared-resources program reads, so both manage the same objects.
import * as pulumi from "@pulumi/pulumi";
import { BaselineResource } from "../provider";

interface Declared {
    kind: string;
    name: string;
    args: Record<string, unknown>;
}

const declared: Declared[] = JSON.parse(new pulumi.Config().require("resources"));
const created = declared.map((resource) => [resource.name, new BaselineResource(resource.kind, resource.name, resource.args)] as const);

export const ids = Object.fromEntries(created.map(([name, resource]) => [name, resource.id]));
