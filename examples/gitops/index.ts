// The stack CI deploys from main: a branded domain, a campaign, the short links in links.json, and one QR code per
// wiki query in queries/.
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

// The short links, as data a person edits (the same shape shortener-import writes), each on the brand domain. Its
// alias is public: printed posters and sent e-mails point at https://go.example.com/<alias>, so the pull request's
// report marks a new alias or a deleted link as breaking that URL.
const links: { name: string; args: Omit<shortener.LinkArgs, "domain"> }[] = JSON.parse(
    readFileSync(path.join(__dirname, "links.json"), "utf8"),
);
export const shortUrls = Object.fromEntries(
    links.map(({ name, args }) => [name, new shortener.Link(name, { ...args, domain }).shortUrl]),
);

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
