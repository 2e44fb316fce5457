// Command pulumi-language-nodejs is the Node.js language host that the Pulumi CLI starts for a program or policy pack
// whose runtime is nodejs.
//
// Pulumi's own host is a Go module of its own (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3)
// that the Go module proxy does not serve, so this one stands behind the real CLI in its place. It speaks the same
// LanguageRuntime service and does what Pulumi's host does for the calls a preview, update, refresh, destroy, import
// or policy run makes: it starts `@pulumi/pulumi/cmd/run` (a program) or `@pulumi/pulumi/cmd/run-policy-pack` (a
// policy pack), resolved from the program's own node_modules, with the same arguments and environment. Every other
// call (code generation, packing, installing dependencies, the bun runtime, debuggers) answers gRPC's Unimplemented,
// naming the method, so a command that needs one fails saying so instead of doing something else.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"google.golang.org/grpc"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// engineHealthWindow is how long the host outlives an engine that stopped answering (Pulumi's host uses the same).
const engineHealthWindow = 5 * time.Minute

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
	if err := serve(flag.Arg(0)); err != nil {
		cmdutil.Exit(err)
	}
}

// serve answers the LanguageRuntime service on a port the kernel chooses, printed on stdout for the CLI to read, until
// the CLI stops it or the engine at engineAddress (when given) stops answering.
func serve(engineAddress string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if engineAddress != "" {
		if err := rpcutil.Healthcheck(ctx, engineAddress, engineHealthWindow, stop); err != nil {
			return fmt.Errorf("could not start the engine health check: %w", err)
		}
	}
	cancel := make(chan bool)
	go func() {
		<-ctx.Done()
		close(cancel)
	}()
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(server *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(server, newHost(engineAddress))
			return nil
		},
	})
	if err != nil {
		return fmt.Errorf("could not start the language host's gRPC server: %w", err)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("the language host stopped serving: %w", err)
	}
	return nil
}
