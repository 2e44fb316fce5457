// Loaded by mocha before any suite (.mocharc.json "require"). Each engine run starts Node processes that load
// @pulumi/pulumi (some 760 modules) and the provider; Node's on-disk compile cache lets every process after the first
// skip compiling them again, which takes about a fifth off each start. The processes inherit the setting through the
// environment; Node keeps the cache valid itself (an entry is keyed by the source's hash).
"use strict";
const path = require("node:path");
const nodeModule = require("node:module");

if (!process.env.NODE_COMPILE_CACHE && typeof nodeModule.enableCompileCache === "function") {
    process.env.NODE_COMPILE_CACHE = path.resolve(__dirname, "..", "..", "node_modules", ".cache", "node-compile-cache");
    nodeModule.enableCompileCache(process.env.NODE_COMPILE_CACHE);
}
