// The stack CI deploys from main: a branded domain, a campaign, and one QR code per wiki query in queries/.
import { readdirSync, readFileSync } from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as shortener from "pulumi-shortener";
import { parse } from "yaml";

const config = new pulumi.Config();
const wikiApi = config.get("wikiApiUrl") ?? "https://wiki.example.org/w/api.php";

export const domain = new shortener.Domain("brand", {
    domain: "https://go.example.com",
    redirectRoot: "https://www.example.com",
}).domain;

const launch = new shortener.Campaign("launch", { name: "Product launch", slug: "launch", public: true });
export const launchRotator = launch.rotatorUrl;

const queriesDir = path.join(__dirname, "queries");
const definitions = readdirSync(queriesDir)
    .filter((file) => file.endsWith(".yaml"))
    .flatMap((file) => parse(readFileSync(path.join(queriesDir, file), "utf8")) as shortener.WikiQueryDefinition[]);

export const queryQrCodes: Record<string, pulumi.Output<string | null>> = {};
for (const definition of definitions) {
    const name = definition.name ?? "query";
    const query = new shortener.WikiQuery(name, { definition, apiUrl: wikiApi });
    queryQrCodes[name] = new shortener.QrCode(`${name}-qr`, { type: "link", data: query.url }).link;
}
