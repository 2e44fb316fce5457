// Writes engine/README.md's section on the Go engine's lifecycle tests from the catalogue (conformanceTables), after
// the catalogue changes: `npx tsc -b engine && node dist/engine/conformance/write-readme.js`, from the repository root.
import * as fs from "fs";
import * as path from "path";
import { conformanceTables, README_SECTION, sectionBounds } from "./tables";

const README = path.resolve("engine", "README.md");
const readme = fs.readFileSync(README, "utf8");
const bounds = sectionBounds(readme, README_SECTION);
if (!bounds) {
    throw new Error(`${README} has no section "## ${README_SECTION}"`);
}
fs.writeFileSync(README, readme.slice(0, bounds.start) + conformanceTables() + readme.slice(bounds.end));
