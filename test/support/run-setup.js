// Loaded by mocha before any suite (.mocharc.json "require"), in the main process; with --parallel the workers it
// forks inherit what this sets in the environment.
"use strict";
const path = require("node:path");
const nodeModule = require("node:module");

// Each engine run starts Node processes that load @pulumi/pulumi (some 760 modules) and the provider; Node's on-disk
// compile cache lets every process after the first skip compiling them again, which takes about a fifth off each
// start. Node keeps the cache valid itself (an entry is keyed by the source's hash).
if (!process.env.NODE_COMPILE_CACHE && typeof nodeModule.enableCompileCache === "function") {
    process.env.NODE_COMPILE_CACHE = path.resolve(
        __dirname,
        "..",
        "..",
        "node_modules",
        ".cache",
        "node-compile-cache",
    );
    nodeModule.enableCompileCache(process.env.NODE_COMPILE_CACHE);
}
