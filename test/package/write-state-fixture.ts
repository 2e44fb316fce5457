// Writes test/fixtures/state/<version>/ for the version in package.json. Run it once per release
// (`npm run state-fixture`), so that every later version is tested against the state this one writes.
import { writeFixture } from "./state-fixtures";

writeFixture().then(
    (dir) => console.log(`wrote ${dir}`),
    (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exitCode = 1;
    },
);
