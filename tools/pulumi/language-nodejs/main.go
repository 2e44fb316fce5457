// Command pulumi-language-nodejs is the Node.js language host that the Pulumi CLI starts for a program or policy pack
// whose runtime is nodejs.
//
// Pulumi's own host is a Go module of its own (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3)
// that the Go module proxy does not serve, so this one stands behind the real CLI in its place. It speaks the same
// LanguageRuntime service and does what Pulumi's host does for the calls a preview, update, refresh, destroy, import
// or policy run makes: it starts `@pulumi/pulumi/cmd/run` (a program) or `@pulumi/pulumi/cmd/run-policy-pack` (a
// policy pack), resolved from the program's own node_modules, with the same arguments and environment, and it writes a
// provider's Node.js SDK for `pulumi package gen-sdk` with the generator Pulumi's host calls. Every other call (program
// generation, packing, installing dependencies, the bun runtime, debuggers) answers gRPC's Unimplemented, naming the
// method, so a command that needs one fails saying so instead of doing something else.
package main

import (
	"flag"
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"

	"pulumi-shortener/tools/pulumi/languagehost"
)

func main() {
	showVersion := flag.Bool("version", false, "print the plugin's version and exit")
	// The CLI passes these to every language host; this one has no tracing and only the nodejs runtime.
	flag.String("tracing", "", "ignored: this host emits no traces")
	runtimeName := flag.String("runtime", "nodejs", "the JavaScript runtime; only nodejs is supported")
	flag.Parse()
	if *showVersion {
		fmt.Println(version.Version)
		return
	}
	if *runtimeName != "nodejs" {
		cmdutil.Exit(fmt.Errorf("unsupported runtime %q: this language host runs nodejs only", *runtimeName))
	}
	engineAddress := flag.Arg(0)
	if err := languagehost.Serve(engineAddress, newHost(engineAddress)); err != nil {
		cmdutil.Exit(err)
	}
}
