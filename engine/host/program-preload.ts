// Loaded into the program before @pulumi/pulumi/cmd/run (`node -r`). Node 22.23's util.inspect never returns for a
// colored error stack with a frame naming a scoped package's folder and no file after it (internal/util/inspect
// markNodeModules), and source-map-support, which cmd/run registers, maps @pulumi/pulumi's frames to exactly such
// paths (".../node_modules/@pulumi/output.ts:519:31"). cmd/run colors the unhandled error it logs (defaultErrorMessage),
// so under the CLI a program that fails inside an apply hangs on this Node. Errors are inspected without colors here,
// which the CLI would strip from what it prints anyway when its output is not a terminal.
import util = require("util");

const inspect = util.inspect;

function inspectErrorsWithoutColors(this: unknown, value: unknown, options?: util.InspectOptions): string {
    if (value instanceof Error && typeof options === "object" && options?.colors) {
        return inspect.call(this, value, { ...options, colors: false });
    }
    // eslint-disable-next-line prefer-rest-params -- the (object, showHidden, depth, colors) form passes on as given
    return (inspect as (...args: unknown[]) => string).apply(this, [...arguments]);
}

const { length: _length, name: _name, prototype: _prototype, ...members } = Object.getOwnPropertyDescriptors(inspect);
Object.defineProperties(inspectErrorsWithoutColors, members);
(util as { inspect: typeof util.inspect }).inspect = inspectErrorsWithoutColors as typeof util.inspect;
